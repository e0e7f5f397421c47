/** Pipeline statuses get stable colours by their position in the client's pipeline (dark shades: white text stays AA). */
const COLORS = ['blue.8', 'cyan.9', 'grape.8', 'orange.9', 'teal.9', 'red.8', 'indigo.8', 'lime.9', 'pink.8', 'yellow.9'];
export const statusColor = (statuses: string[], s: string) => COLORS[Math.max(0, statuses.indexOf(s)) % COLORS.length];
