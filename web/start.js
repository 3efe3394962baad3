// Battlemat starts compiling its bundle here, while the page is still being
// read: go-app's loader (app.js, which the server hands out patched) runs
// only once the whole page has been parsed, and then takes the module
// compiled here instead of fetching the bundle itself.
"use strict";
if (WebAssembly.compileStreaming) {
  window.battlematBundle = WebAssembly.compileStreaming(fetch("/web/app.wasm"));
}
