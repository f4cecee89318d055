// Helper header for driver/defines_includes.cpp and driver/compile_db.cpp:
// found only through -I (or the compilation database's -I).
#pragma once
#define SCALE 3.0
