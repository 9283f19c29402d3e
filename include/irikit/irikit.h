// SPDX-License-Identifier: MIT OR Apache-2.0
// irikit/irikit.h — includes every public irikit header.
#ifndef IRIKIT_IRIKIT_H
#define IRIKIT_IRIKIT_H

#include "irikit/batch.h"
#include "irikit/bidi.h"
#include "irikit/cancel.h"
#include "irikit/canon.h"
#include "irikit/convert.h"
#include "irikit/edit.h"
#include "irikit/encoding.h"
#include "irikit/error.h"
#include "irikit/extract.h"
#include "irikit/host.h"
#include "irikit/iri.h"
#include "irikit/lint.h"
#include "irikit/normalize.h"
#include "irikit/resolve.h"
#include "irikit/scheme.h"
#include "irikit/version.h"
#include "irikit/whatwg.h"

#endif  // IRIKIT_IRIKIT_H
