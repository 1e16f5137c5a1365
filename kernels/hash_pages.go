package kernels

import "github.com/flipbench/flipbench/internal/hugepage"

// hugePages asks for 2 MiB pages under a large table: a probe of a random
// bucket otherwise misses the TLB as well as the cache. Called before the
// first write, so that the pages are faulted in huge.
func hugePages(e []HashEntry) { hugepage.Advise(hugepage.Bytes(e)) }
