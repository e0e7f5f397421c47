export const oneName = 'one';
