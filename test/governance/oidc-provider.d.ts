// oidc-provider ships no types (its DefinitelyTyped package lags its majors); the tests use little of it.
declare module 'oidc-provider' {
  const Provider: any;
  export default Provider;
}
