export const demoSeeders = [];
