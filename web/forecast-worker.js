// The "Who wins?" forecast's Web Worker: it runs forecast.wasm (built from
// cmd/forecastworker) with Go's wasm_exec.js, as served for the page, and
// leaves the messages to it. A failure to load is posted as an error, so
// the page plays the forecast itself.
"use strict";
try {
	importScripts("/wasm_exec.js");
	const go = new Go();
	WebAssembly.instantiateStreaming(fetch("/web/forecast.wasm"), go.importObject)
		.then((r) => go.run(r.instance))
		.catch((err) => postMessage(JSON.stringify({ type: "error", error: String(err) })));
} catch (err) {
	postMessage(JSON.stringify({ type: "error", error: String(err) }));
}
