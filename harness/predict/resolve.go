package predict

import (
	"context"
	"fmt"
	"slices"
	"strings"
)

// target is a variant's form resolved to the function modelled.
type target struct {
	reg          *Registered
	kernel, form string
	fn           Func   // the function modelled
	name         string // its name, ABI0Suffix added for assembly
	via          string // the function value's own, when it only wraps fn
	asm          bool   // fn is assembly (ABI0): it loads its own arguments
}

// decoder decodes functions once each, by address.
type decoder struct {
	ctx  context.Context
	o    Options
	have map[uint64]*Listing
}

// need decodes the functions not decoded yet, in one llvm-mc run.
func (d *decoder) need(fns ...Func) error {
	var todo []Func
	for _, f := range fns {
		if d.have[f.Addr] == nil && !slices.ContainsFunc(todo, func(g Func) bool { return g.Addr == f.Addr }) {
			todo = append(todo, f)
		}
	}
	if len(todo) == 0 {
		return nil
	}
	ls, err := Decode(d.ctx, d.o.Tool, todo)
	if err != nil {
		return err
	}
	for _, l := range ls {
		d.have[l.Func.Addr] = l
	}
	return nil
}

// onlyCalls reports whether f's one path, without data-dependent
// branches, calls (or jumps to) the function at addr and no other.
func (d *decoder) onlyCalls(f Func, addr uint64) bool {
	r := CallPath(d.have[f.Addr], d.o.Binary)
	return len(r.Branches) == 0 && len(r.callees) == 1 && r.callees[0] == addr
}

// resolve finds the function each form of each variant runs, decoding
// what it reads (into d):
//
//   - the function value's own function, when it is Go code;
//   - the assembly function it wraps, when it is the linker's ABI
//     wrapper of one (its twin of the same name, which it only calls);
//   - per call, the assembly function a Go function only calls (a
//     wrapper converting its arguments, e.g. eval_update's);
//   - batched, the generated loop a Go closure runs through a func value
//     (variants.Code.BatchAsm), through its ABI wrapper.
func resolve(d *decoder) ([]*target, error) {
	b := d.o.Binary
	slide, err := b.slide(d.o.Build)
	if err != nil {
		return nil, err
	}
	var out []*target
	var first []Func
	for _, v := range d.o.selected() {
		forms := []struct {
			form string
			fn   *FuncRef
		}{{FormCall, v.Fn}, {FormBatch, v.Batch}}
		if v.BatchAsm != nil {
			forms[1].fn = v.BatchAsm
		}
		for _, f := range forms {
			if f.fn == nil {
				continue
			}
			fn, err := b.lookup(*f.fn, slide)
			if err != nil {
				return nil, fmt.Errorf("%s %s (%s): %v", v.Kernel, v.Name, f.form, err)
			}
			t := &target{reg: v, kernel: v.Kernel, form: f.form, fn: fn, name: fn.Name}
			if f.form == FormBatch && v.BatchAsm != nil && v.Batch != nil {
				if closure, err := b.lookup(*v.Batch, slide); err == nil {
					t.via = closure.Name
				}
			}
			out = append(out, t)
			first = append(first, fn)
			if tw, ok := b.Twin(fn); ok {
				first = append(first, tw)
			}
		}
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("no variant to predict (variants %s)", strings.Join(d.o.Variants, ","))
	}
	if err := d.need(first...); err != nil {
		return nil, err
	}
	// the ABI wrappers: their twin is the assembly
	var wrapped []*target
	var second []Func
	for _, t := range out {
		if tw, ok := b.Twin(t.fn); ok && d.onlyCalls(t.fn, tw.Addr) {
			if t.via == "" {
				t.via = t.fn.Name
			}
			t.fn, t.name, t.asm = tw, tw.Name+ABI0Suffix, true
			continue
		}
		if t.form != FormCall {
			continue
		}
		r := CallPath(d.have[t.fn.Addr], b)
		if len(r.Branches) > 0 || len(r.callees) != 1 {
			continue
		}
		if g, ok := b.FuncAt(r.callees[0]); ok && g.Addr == r.callees[0] {
			if tw, ok := b.Twin(g); ok {
				wrapped = append(wrapped, t)
				second = append(second, g, tw)
			}
		}
	}
	if err := d.need(second...); err != nil {
		return nil, err
	}
	// a Go function that only calls an assembly function (one whose twin
	// only calls it: its ABI wrapper)
	for _, t := range wrapped {
		callee := CallPath(d.have[t.fn.Addr], b).callees[0]
		g, _ := b.FuncAt(callee)
		if tw, _ := b.Twin(g); d.onlyCalls(tw, g.Addr) {
			t.via, t.fn, t.name, t.asm = t.fn.Name, g, g.Name+ABI0Suffix, true
		}
	}
	return out, nil
}
