iri \(irikit\) [0-9]+\.[0-9]+\.[0-9]+
Unicode [0-9]+\.[0-9]+ \(ICU [0-9]+\.[0-9]+(\.[0-9]+)*\)
Scans (scalar|sse2|avx2|avx512|neon)( \(IRIKIT_SIMD=[^ ]* is not available here\))?
