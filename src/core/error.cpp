#include "xcount/error.hpp"

namespace xcount {

// Built with append(): GCC 12 warns falsely (-Wrestrict, PR 105329) on chains of operator+.
std::string located(const std::string& file, long line, long column, const std::string& reason) {
    std::string out = file;
    if (line > 0) out.append(":").append(std::to_string(line));
    if (line > 0 && column > 0) out.append(":").append(std::to_string(column));
    return out.append(": ").append(reason);
}

std::string quote_name(const std::string& name) {
    constexpr std::size_t kShown = 40;
    std::string out = "'";
    if (name.size() <= kShown) return out.append(name).append("'");
    return out.append(name, 0, kShown).append("...' (").append(std::to_string(name.size())).append(" bytes)");
}

}  // namespace xcount
