package store

import (
	"fmt"
	"strings"
	"unicode"

	"golang.org/x/perf/storage/query"
)

// A matcher applies a server query to a result's labels on this side:
// Download fetches whole uploads (the only query whose order the server
// guarantees is one upload's, by record) and keeps the results the query
// selects. The semantics are the server's (storage/db): words key:value,
// key<value, key>value, all of them to hold; the words of one key bound
// one label value together; "upload" is the upload's id.
type matcher struct {
	keys  []string
	terms map[string][]term
}

type term struct {
	op    byte // ':', '<', '>'
	value string
}

func parseQuery(q string) (*matcher, error) {
	m := &matcher{terms: map[string][]term{}}
	for _, w := range query.SplitWords(q) {
		i := strings.IndexFunc(w, func(r rune) bool {
			return r == ':' || r == '>' || r == '<' || unicode.IsSpace(r) || unicode.IsUpper(r)
		})
		if i < 0 {
			return nil, fmt.Errorf("query word %q has no operator (key:value, key<value, key>value)", w)
		}
		if w[i] != ':' && w[i] != '<' && w[i] != '>' {
			return nil, fmt.Errorf("query word %q has an invalid key (lower-case, no spaces)", w)
		}
		k := w[:i]
		if w[i] == ':' && w[i+1:] == "" {
			return nil, fmt.Errorf("query word %q: no value (key>\"\" selects any value)", w)
		}
		if _, ok := m.terms[k]; !ok {
			m.keys = append(m.keys, k)
		}
		m.terms[k] = append(m.terms[k], term{w[i], w[i+1:]})
	}
	return m, nil
}

func (t term) holds(v string) bool {
	switch t.op {
	case ':':
		return v == t.value
	case '<':
		return v < t.value
	}
	return v > t.value
}

// match says whether a result with these labels (configuration and the
// labels of its name, as the server indexes them) is selected.
func (m *matcher) match(labels, nameLabels map[string]string) bool {
	for _, k := range m.keys {
		ok := false
		for _, v := range []string{labels[k], nameLabels[k]} {
			if v == "" && k != "upload" {
				continue // the server stores no empty label
			}
			all := true
			for _, t := range m.terms[k] {
				all = all && t.holds(v)
			}
			if all {
				ok = true
				break
			}
		}
		if !ok {
			return false
		}
	}
	return true
}

func (m *matcher) empty() bool { return len(m.keys) == 0 }
