/** What other domains may use from scheduling: nothing yet (its calls are its own routes). */
export {};
