package variants

import (
	"fmt"
	"runtime"
	"strings"

	"github.com/klauspost/cpuid/v2"
)

// detectARM64 describes this arm64 CPU: klauspost/cpuid reads MIDR_EL1
// where the kernel lets it (Linux's HWCAP_CPUID) and the features from
// HWCAP (Linux) or hw.optional (darwin). It packs MIDR as Family =
// variant<<4 | architecture and Model = part<<4 | revision.
func detectARM64(has []Feature) CPUInfo {
	c := cpuid.CPU
	vendor := c.VendorID.String()
	if c.VendorID == cpuid.VendorUnknown {
		vendor = ""
	}
	variant, part, rev := c.Family>>4, c.Model>>4, c.Model&0xf
	if runtime.GOOS == "darwin" {
		// No MIDR there: the brand ("Apple M2 Pro") and hw.cpufamily,
		// which cpuid returns as Family, tell the cores apart.
		vendor, variant, part, rev = "Apple", 0, 0, 0
		if c.Family != 0 {
			part = c.Family
		}
	}
	vl, _ := c.SveLengths()
	return NewARMCPUInfo(strings.TrimSpace(c.BrandName), vendor, variant, part, rev, int(vl), has)
}

// NewARMCPUInfo describes an arm64 CPU from MIDR_EL1's fields (vendor as
// cpuid names the implementer: "ARM", "Ampere", ...; variant, part number,
// revision), the SVE vector length in bits (0 without SVE) and the
// features. Like NewCPUInfo it is pure: tests fake CPUs with it, and a
// results file's configuration lines become a CPUInfo again.
func NewARMCPUInfo(brand, vendor string, variant, part, revision, sveBits int, has []Feature) CPUInfo {
	c := CPUInfo{
		Arch:     "arm64",
		Brand:    brand,
		Vendor:   vendor,
		Family:   variant,
		Model:    part,
		Stepping: revision,
		SVEBits:  sveBits,
		Has:      map[Feature]bool{},
		Detected: map[Feature]bool{},
	}
	for _, f := range has {
		c.Detected[f] = true
		c.Has[f] = true
	}
	if !c.Has[SVE] {
		c.SVEBits = 0
	}
	c.Uarch = armPartName(vendor, part)
	if c.Brand == "" && c.Uarch != "" {
		c.Brand = vendor + " " + c.Uarch
	}
	return c
}

// ARMIdentity is an arm64 CPU's identity, in the x86 form's order:
//
//	<vendor>-<uarch>-p<part>-v<variant>-r<revision>
//
// the part number in three hexadecimal digits, variant and revision in
// decimal: arm-neoverse-n1-pd0c-v4-r1 for a Graviton2 core. On darwin,
// where MIDR cannot be read, part is hw.cpufamily (eight digits) and the
// brand names the chip: apple-m2-pro-pda33d83d.
func ARMIdentity(vendor string, variant, part, revision int, brand string) string {
	v := strings.TrimSuffix(sanitize(strings.TrimSpace(vendor)), "-")
	if v == "" || v == "vendorunknown" {
		v = "unknown"
	}
	id := v
	if u := UarchID(armPartName(vendor, part)); u != "" {
		id += "-" + u
	} else if b := strings.TrimSuffix(sanitize(brand), "-"); b != "" && part > 0xfff {
		id += "-" + strings.TrimPrefix(b, v+"-")
	}
	if part > 0xfff {
		return id + fmt.Sprintf("-p%08x", part)
	}
	return id + fmt.Sprintf("-p%03x-v%d-r%d", part, variant, revision)
}

// armPartName names the cores whose part numbers Linux's cputype.h
// lists for the machines our users have; "" when unknown.
func armPartName(vendor string, part int) string {
	var names map[int]string
	switch vendor {
	case "ARM":
		names = map[int]string{
			0xd03: "Cortex-A53", 0xd07: "Cortex-A57", 0xd08: "Cortex-A72", 0xd09: "Cortex-A73",
			0xd0a: "Cortex-A75", 0xd0b: "Cortex-A76", 0xd0c: "Neoverse N1", 0xd0d: "Cortex-A77",
			0xd40: "Neoverse V1", 0xd41: "Cortex-A78", 0xd44: "Cortex-X1", 0xd46: "Cortex-A510",
			0xd47: "Cortex-A710", 0xd48: "Cortex-X2", 0xd49: "Neoverse N2", 0xd4f: "Neoverse V2",
			0xd4d: "Cortex-A715", 0xd4e: "Cortex-X3", 0xd80: "Cortex-A520", 0xd81: "Cortex-A720",
			0xd82: "Cortex-X4", 0xd84: "Neoverse V3", 0xd8e: "Neoverse N3",
		}
	case "Ampere":
		names = map[int]string{0xac3: "AmpereOne", 0xac4: "AmpereOne AC04", 0xac5: "AmpereOne AC05"}
	case "Fujitsu":
		names = map[int]string{0x001: "A64FX"}
	case "Qualcomm":
		names = map[int]string{0x001: "Oryon"}
	}
	return names[part]
}
