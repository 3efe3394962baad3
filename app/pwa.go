package app

import (
	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"battlemat/app/i18n"
)

// pwa is what the page knows about the installed app and the network.
type pwa struct {
	installable bool // the browser offers to install the app
	update      bool // a new version is downloaded and waits for a reload
	offline     bool // the browser reports no network
}

// OnAppUpdate is called by go-app once a new version is cached.
func (t *Table) OnAppUpdate(ctx app.Context) { t.pwa.update = ctx.AppUpdateAvailable() }

// OnAppInstallChange is called by go-app when installability changes.
func (t *Table) OnAppInstallChange(ctx app.Context) { t.pwa.installable = ctx.IsAppInstallable() }

// registerWorker registers go-app's service worker, which the page's
// loader (app.js as the server hands it out) leaves to the app: the table
// does it once the browser has painted its first board. Installing the
// worker downloads and stores the whole app, the forecast's bundle too,
// which competed with the start for the network and both cores.
func registerWorker() {
	if register := app.Window().Get("goappInitServiceWorker"); register.Truthy() {
		register.Invoke()
	}
}

// watchNetwork follows the browser's online/offline events.
func (t *Table) watchNetwork(ctx app.Context) {
	t.pwa.offline = !app.Window().Get("navigator").Get("onLine").Bool()
	t.pwa.installable = ctx.IsAppInstallable()
	for _, ev := range []string{"online", "offline"} {
		app.Window().Call("addEventListener", ev, app.FuncOf(func(this app.Value, args []app.Value) any {
			ctx.Dispatch(func(ctx app.Context) {
				t.pwa.offline = !app.Window().Get("navigator").Get("onLine").Bool()
			})
			return nil
		}))
	}
}

// renderPWA shows the offline mark, the install button and the update
// notice.
func (t *Table) renderPWA() app.UI {
	l := t.lang
	return app.Span().Class("pwa").Body(
		app.If(t.pwa.offline, func() app.UI {
			return app.Span().ID("offline").Class("pill").Title(i18n.T(l, "bar.offline.hint")).Text(i18n.T(l, "bar.offline"))
		}),
		app.If(t.pwa.installable, func() app.UI {
			return app.Button().ID("install").Text(i18n.T(l, "bar.install")).OnClick(func(ctx app.Context, e app.Event) { ctx.ShowAppInstallPrompt() })
		}),
		app.If(t.pwa.update, func() app.UI {
			return app.Button().ID("update").Text(i18n.T(l, "bar.update")).OnClick(func(ctx app.Context, e app.Event) { ctx.Reload() })
		}),
	)
}
