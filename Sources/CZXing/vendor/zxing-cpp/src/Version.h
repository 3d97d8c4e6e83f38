// Written by scripts/vendor-zxing in place of CMake's Version.h.in: readers only, every format.
// SPDX-License-Identifier: Apache-2.0
#pragma once

#define ZXING_READERS
// As in the Python binding's build: gives ReaderOptions::tryDenoise.
#define ZXING_EXPERIMENTAL_API

#define ZXING_ENABLE_1D 1
#define ZXING_ENABLE_AZTEC 1
#define ZXING_ENABLE_DATAMATRIX 1
#define ZXING_ENABLE_MAXICODE 1
#define ZXING_ENABLE_PDF417 1
#define ZXING_ENABLE_QRCODE 1

#define ZXING_VERSION_MAJOR 3
#define ZXING_VERSION_MINOR 1
#define ZXING_VERSION_PATCH 1
#define ZXING_VERSION_SUFFIX ""

#define ZXING_VERSION_STR "3.1.1"
