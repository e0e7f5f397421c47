export const alphaName = 'alpha';
