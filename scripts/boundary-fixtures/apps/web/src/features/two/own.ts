export const twoName = 'two';
