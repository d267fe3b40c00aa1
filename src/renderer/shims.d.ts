/// <reference types="vite/client" />
// Ambient (no imports at top level): plain tsc needs to know what a .vue import is; vue-tsc
// checks the components themselves.
declare module '*.vue' {
  const component: import('vue').DefineComponent<object, object, unknown>;
  export default component;
}
