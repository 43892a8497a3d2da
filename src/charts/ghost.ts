// The look of a pinned run's curves (Compare runs, issue 5): ghosts behind the live ones,
// lighter and dashed, in a grey no live curve uses, so both shade and dash tell them apart.
export const GHOST = { colour: '#8a8a8a', dash: '7 4', opacity: 0.75 } as const;

/** The legend's and the tooltips' name of the ghost. */
export const ghostLabel = (title: string) => `pinned: ${title}`;
