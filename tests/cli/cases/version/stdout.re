iri \(irikit\) [0-9]+\.[0-9]+\.[0-9]+
Unicode [0-9]+\.[0-9]+ \(irikit tables [0-9]+\.[0-9]+; WHATWG Encoding Standard [0-9a-f]+; IDNA2003 Nameprep \(RFC 3454, Unicode 3\.2\)\)
Scans (scalar|sse2|avx2|avx512|neon)( \(IRIKIT_SIMD=[^ ]* is not available here\))?
