/** The demo videos: 3-second person-like clips (demo-portrait.ts) made at seed time (no media files shipped). */
export const DEMO_VIDEOS = ['demo-wave-1.webm', 'demo-wave-2.webm', 'demo-wave-3.webm'];
