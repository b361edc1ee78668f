#include "xcount/text_file.hpp"

#include <filesystem>
#include <fstream>
#include <sstream>

#include "xcount/error.hpp"

namespace xcount {

std::string read_text_file(const std::string& path, const std::string& what) {
    std::error_code ec;
    if (std::filesystem::is_directory(path, ec)) throw InputError(path + ": is a directory, not a " + what);
    std::ifstream in(path, std::ios::binary);
    if (!in) throw InputError(path + ": cannot open the " + what);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

}  // namespace xcount
