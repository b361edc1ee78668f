#include "xcount/hash.hpp"

#include <cstdio>

namespace xcount {

std::string Hash64::hex() const {
    char buf[17];
    std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(value_));
    return buf;
}

}  // namespace xcount
