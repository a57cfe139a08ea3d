#include "probe.h"

int loom_probe(void) { return 42; }
