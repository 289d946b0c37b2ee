/**
 * socket.io-client's own browser bundle (a UMD file, listed in the package's exports). The panel
 * loads it instead of the package's ESM build: that build needs a bundler helper (a namespace
 * object for `import * as parser`) which would land in the runtime chunk every storefront page
 * loads. The UMD file is one CommonJS module, which the existing helpers already handle.
 */
declare module 'socket.io-client/dist/socket.io.js' {
  import type { io } from 'socket.io-client';

  const lookup: typeof io;
  export default lookup;
}
