/** The built standalone player page (build/player/play.html), provided by the `longcat-player-template` plugin in vite.config.ts. */
declare module 'virtual:player-template' {
  const template: string;
  export default template;
}
