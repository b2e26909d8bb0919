// Entry of the simulator case binary: `sim_cases <case>` runs one case, `sim_cases --list`
// prints every case name.
#include <cstdio>
#include <cstring>

#include "sim_case.h"

int main(int argc, char** argv)
{
    if (argc != 2) {
        std::fprintf(stderr, "usage: %s <case> | --list\n", argv[0]);
        return 2;
    }
    if (std::strcmp(argv[1], "--list") == 0) {
        for (const auto& entry : CaseRegistry()) {
            std::printf("%s\n", entry.first.c_str());
        }
        return 0;
    }
    auto found = CaseRegistry().find(argv[1]);
    if (found == CaseRegistry().end()) {
        std::fprintf(stderr, "unknown case '%s'\n", argv[1]);
        return 2;
    }
    found->second();
    return 0;
}
