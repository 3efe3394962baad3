// Battlemat compiles its bundle off the page's thread, starting while the
// page is still being read: the page's first script (startScript, which
// the server writes into the page) runs this one as a Web Worker, which
// fetches and compiles app.wasm and hands the compiled module back.
// go-app's loader (app.js, which the server hands out patched) runs only
// once the whole page has been parsed, and then takes that module instead
// of fetching the bundle itself. Compiled on the page's thread, the bundle
// kept it busy for hundreds of milliseconds in a few long tasks, so the
// page painted late and ignored input meanwhile. Where the worker cannot
// run or fails, the page compiles the bundle itself, as before.
"use strict";
{
// rehearse runs the program here once before the page gets it (see
// rehearse in main_wasm.go): the browser compiles a function of the bundle
// when it first runs, and code compiled here serves the page too. Where it
// fails, the page runs the program all the same.
const rehearse = async (module) => {
  try {
    const go = new Go();
    await go.run(await WebAssembly.instantiate(module, go.importObject));
  } catch (err) {
    console.warn("rehearsing the bundle's start failed:", err);
  }
};
const compiled = WebAssembly.compileStreaming(fetch("/web/app.wasm"));
// Go's loader, which the rehearsal runs the program with, is fetched
// while the bundle streams in, not after it has been compiled.
try {
  importScripts("/wasm_exec.js");
} catch (err) {
  console.warn("loading wasm_exec.js failed:", err);
}
compiled.then(
  async (module) => {
    await rehearse(module);
    postMessage(module);
  },
  (err) => postMessage(String(err)),
);
}
