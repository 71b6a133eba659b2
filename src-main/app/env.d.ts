// electron-vite bundles `?modulePath` imports as separate entry files and yields their path.
declare module '*?modulePath' {
  const modulePath: string;
  export default modulePath;
}
