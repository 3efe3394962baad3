//go:build !wasm

package main

import (
	"html"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
)

// prerendered hands on the pages go-app renders on the server as pageHTML
// writes them; its other responses pass through as they are.
func prerendered(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		rec := httptest.NewRecorder()
		next.ServeHTTP(rec, r)
		body := rec.Body.Bytes()
		hd := w.Header()
		for k, v := range rec.Header() {
			hd[k] = v
		}
		if strings.HasPrefix(rec.Header().Get("Content-Type"), "text/html") {
			body = []byte(pageHTML(string(body)))
			hd.Set("Content-Length", strconv.Itoa(len(body)))
		}
		w.WriteHeader(rec.Code)
		w.Write(body)
	})
}

// pageHTML is a page go-app rendered as the site serves it: its attribute
// values written as HTML (htmlAttrs) and startScript its first script.
func pageHTML(page string) string { return startFirst(htmlAttrs(page)) }

// startScript starts, as its first script, the Web Worker web/start.js,
// which fetches and compiles the bundle and hands the compiled module back
// (or the page compiles the bundle itself where there are no workers or
// the worker fails): go-app's loader (loaderJS) takes the module from
// window.battlematBundle. Written into the page, before its style sheets,
// it runs as soon as the page's first bytes are parsed: as a script of its
// own after the style sheets, as go-app places the scripts a page is given,
// it ran only once they had arrived and it had been fetched itself: the
// worker started 45 ms after the page's first bytes were parsed (a trace
// of a cold load, load 8). The policy lets it run by its hash
// (contentSecurityPolicy).
const startScript = `"use strict";
if (WebAssembly.compileStreaming) {
  const compileHere = () => WebAssembly.compileStreaming(fetch("/web/app.wasm"));
  window.battlematBundle = !window.Worker
    ? compileHere()
    : new Promise((resolve, reject) => {
        const worker = new Worker("/web/start.js");
        worker.onmessage = (e) => {
          worker.terminate();
          e.data instanceof WebAssembly.Module ? resolve(e.data) : reject(e.data);
        };
        worker.onerror = (e) => {
          worker.terminate();
          reject(e.message);
        };
      }).catch((err) => {
        console.warn("compiling the bundle in a worker failed, compiling it here:", err);
        return compileHere();
      });
}`

// startFirst writes startScript into page right after the character set,
// the first element of go-app's head. It panics when there is none: go-app
// then writes its pages otherwise, and this needs reviewing.
func startFirst(page string) string {
	const charset = `<meta charset="UTF-8">`
	i := strings.Index(page, charset)
	if i < 0 {
		panic("go-app's page has no " + charset + "; review startFirst")
	}
	i += len(charset)
	return page[:i] + "\n    <script>" + startScript + "</script>" + page[i:]
}

// htmlAttrs rewrites the attribute values of a page go-app prerendered.
// go-app writes each as a Go quoted string (strconv.Quote): a character Go
// does not print comes out as an escape, so the Unicode isolates that keep
// a count or a name in its own direction in an aria-label (U+2066–U+2069)
// read as the text \u2068 until the app mounts, and a quote in a value is
// escaped with a backslash, which HTML does not know. Each value is read
// back as the Go string it is and written HTML-escaped instead. go-app
// escapes the text between tags as HTML, so `="` opens an attribute value
// wherever it occurs; what does not read as a quoted string is left alone.
//
// go-app also writes a boolean attribute that is off as selected="false",
// which HTML reads as on (every option of a menu selected, the last one
// shown; a button disabled): such an attribute is left out, as the browser
// does when go-app sets it (boolAttrs).
func htmlAttrs(page string) string {
	var b strings.Builder
	b.Grow(len(page))
	for {
		i := strings.Index(page, `="`)
		if i < 0 {
			b.WriteString(page)
			return b.String()
		}
		q, err := strconv.QuotedPrefix(page[i+1:])
		if err != nil {
			b.WriteString(page[:i+2])
			page = page[i+2:]
			continue
		}
		v, _ := strconv.Unquote(q)
		sp := strings.LastIndexByte(page[:i], ' ')
		if on, _ := strconv.ParseBool(v); sp >= 0 && boolAttrs[page[sp+1:i]] && !on {
			b.WriteString(page[:sp])
		} else {
			b.WriteString(page[:i+1])
			b.WriteByte('"')
			b.WriteString(html.EscapeString(v))
			b.WriteByte('"')
		}
		page = page[i+1+len(q):]
	}
}

// boolAttrs are the attributes go-app sets in the browser as boolean
// properties (setJSAttribute in go-app's attribute.go): on when the value
// reads as true with strconv.ParseBool, off otherwise.
var boolAttrs = map[string]bool{
	"async": true, "autofocus": true, "autoplay": true, "checked": true, "default": true, "defer": true,
	"disabled": true, "hidden": true, "ismap": true, "loop": true, "multiple": true, "muted": true,
	"open": true, "readonly": true, "required": true, "reversed": true, "selected": true,
}
