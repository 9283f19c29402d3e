iri \(irikit\) [0-9]+\.[0-9]+\.[0-9]+
Unicode [0-9]+\.[0-9]+ \(irikit tables [0-9]+\.[0-9]+; ICU [0-9]+\.[0-9]+(\.[0-9]+)* for [a-z].*\)
Scans (scalar|sse2|avx2|avx512|neon)( \(IRIKIT_SIMD=[^ ]* is not available here\))?
