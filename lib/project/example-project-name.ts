/** The shipped example's project name, apart from its files so that naming it loads none of them. */
export const EXAMPLE_PROJECT_NAME = 'pitch-deck-example';
