package combat

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// payloads are a value of every payload type, in each of the kinds it can
// be: the kinds of event that carry something beyond the header.
var payloads = []Payload{
	Settings{}, &Decision{}, &PhaseHit{}, &MoraleCheck{}, MoveStep{}, Blow{}, HPSet{}, ActionSpent{}, Declared{},
	SurpriseRoll{}, ActDone{}, SegmentMark{}, SegmentMark{Landed: true}, JoinScore{}, Lineup{}, Lineup{ByHand: true},
	ConditionKey{}, ConditionKey{Removed: true}, Choice{}, AimChange{},
}

// TestBareKindsCarryNothing: an event's kind and payload cannot disagree.
// A kind that carries a payload is the payload's own (Header.With), each
// payload value naming one kind; the only way left to pair them wrongly is
// Header.Bare with a kind that carries a payload, so every call of Bare in
// the engine's code must name, by its constant, a kind no payload is. And
// payloads lists every payload type the package declares.
func TestBareKindsCarryNothing(t *testing.T) {
	carried := map[EventType]bool{}
	listed := map[string]bool{}
	for _, p := range payloads {
		if ev := (Header{Actor: "a"}).With(p); ev.Type() != p.EventKind() || !reflect.DeepEqual(ev.Payload(), p) || ev.Actor != "a" {
			t.Errorf("With(%T) made a %s event carrying %v", p, ev.Type(), ev.Payload())
		}
		carried[p.EventKind()] = true
		rt := reflect.TypeOf(p)
		if rt.Kind() == reflect.Pointer {
			rt = rt.Elem()
		}
		listed[rt.Name()] = true
	}
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	var parsed []*ast.File
	kinds := map[string]EventType{} // the EventType constants, by name
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		parsed = append(parsed, f)
		for _, d := range f.Decls {
			if g, ok := d.(*ast.GenDecl); ok && g.Tok == token.CONST {
				for _, sp := range g.Specs {
					vs := sp.(*ast.ValueSpec)
					if id, ok := vs.Type.(*ast.Ident); ok && id.Name == "EventType" {
						for i, n := range vs.Names {
							kinds[n.Name] = EventType(strings.Trim(vs.Values[i].(*ast.BasicLit).Value, `"`))
						}
					}
				}
			}
		}
	}
	bare := 0
	for _, f := range parsed {
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.FuncDecl:
				// A payload type: a method EventKind on it.
				if n.Name.Name == "EventKind" && n.Recv != nil {
					typ := n.Recv.List[0].Type
					if star, ok := typ.(*ast.StarExpr); ok {
						typ = star.X
					}
					if id, ok := typ.(*ast.Ident); ok && !listed[id.Name] {
						t.Errorf("%s: payload type %s is missing from payloads", fset.Position(n.Pos()), id.Name)
					}
				}
			case *ast.CallExpr:
				sel, ok := n.Fun.(*ast.SelectorExpr)
				if !ok || sel.Sel.Name != "Bare" || len(n.Args) != 1 {
					return true
				}
				bare++
				id, _ := n.Args[0].(*ast.Ident)
				kind, known := EventType(""), false
				if id != nil {
					kind, known = kinds[id.Name]
				}
				switch {
				case !known:
					t.Errorf("%s: Bare takes a kind's constant", fset.Position(n.Pos()))
				case carried[kind]:
					t.Errorf("%s: Bare(%s), a kind that carries a payload: make it with With", fset.Position(n.Pos()), id.Name)
				}
			}
			return true
		})
	}
	if bare == 0 {
		t.Error("no call of Bare found: the scan finds nothing")
	}
}
