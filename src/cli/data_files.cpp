#include "data_files.hpp"

#include <filesystem>
#include <system_error>
#include <vector>

namespace fs = std::filesystem;

namespace xcount::cli {

namespace {

// Where shipped files may lie, most local first.
std::vector<fs::path> data_folders() {
    std::vector<fs::path> folders{"problems"};
    std::error_code ec;
    const fs::path exe = fs::read_symlink("/proc/self/exe", ec);
    if (!ec) {
        folders.push_back(exe.parent_path().parent_path() / "share" / "xcount");
        folders.push_back(exe.parent_path().parent_path() / "problems");
    }
    return folders;
}

}  // namespace

std::string data_file(const std::string& spec, const std::string& kind) {
    std::error_code ec;
    if (spec.empty() || fs::exists(spec, ec) || spec.find('/') != std::string::npos) return spec;
    for (const fs::path& folder : data_folders())
        for (const std::string& name : {spec, spec + ".txt"}) {
            const fs::path candidate = folder / kind / name;
            if (fs::is_regular_file(candidate, ec)) return candidate.string();
        }
    return spec;
}

std::string data_folder(const std::string& name) {
    std::error_code ec;
    if (fs::is_directory(name, ec) || fs::path(name).is_absolute()) return name;
    const fs::path exe = fs::read_symlink("/proc/self/exe", ec);
    if (ec) return name;
    for (const fs::path& candidate : {exe.parent_path().parent_path() / "share" / "xcount" / name, exe.parent_path().parent_path() / name})
        if (fs::is_directory(candidate, ec)) return candidate.string();
    return name;
}

}  // namespace xcount::cli
