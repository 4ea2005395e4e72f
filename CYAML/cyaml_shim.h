// The one header of the CYAML system-library target. It is deliberately not
// named yaml.h, so that it never shadows the system header it includes.
#ifndef CYAML_SHIM_H
#define CYAML_SHIM_H
#include <yaml.h>
#endif
