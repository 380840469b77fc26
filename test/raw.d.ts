/** Vite imports a file as a string with `?raw`. */
declare module "*?raw" {
  const text: string;
  export default text;
}
