#include "data_files.hpp"

#include <algorithm>
#include <filesystem>
#include <set>
#include <system_error>

namespace fs = std::filesystem;

namespace xcount::cli {

namespace {

// The folders above the shipped ones, most local first: share/xcount beside the running
// program (installed), the folder above it (a build folder in a source tree), the source tree
// it was built from. `installed` marks the first, whose kinds of files lie right below it.
struct Root {
    fs::path path;
    bool installed = false;
};

std::vector<Root> program_roots() {
    std::vector<Root> roots;
    std::error_code ec;
    const fs::path exe = fs::read_symlink("/proc/self/exe", ec);
    if (!ec) roots = {{exe.parent_path().parent_path() / "share" / "xcount", true}, {exe.parent_path().parent_path()}};
#ifdef XCOUNT_SOURCE_DIR
    roots.push_back({XCOUNT_SOURCE_DIR});
#endif
    return roots;
}

// Where shipped files of `kind` may lie, most local first.
std::vector<fs::path> kind_folders(const std::string& kind) {
    std::vector<fs::path> folders{fs::path("problems") / kind};
    for (const Root& root : program_roots()) folders.push_back(root.installed ? root.path / kind : root.path / "problems" / kind);
    return folders;
}

}  // namespace

std::string data_file(const std::string& spec, const std::string& kind) {
    std::error_code ec;
    if (spec.empty() || fs::exists(spec, ec) || spec.find('/') != std::string::npos) return spec;
    for (const fs::path& folder : kind_folders(kind))
        for (const std::string& name : {spec, spec + ".txt"}) {
            const fs::path candidate = folder / name;
            if (fs::is_regular_file(candidate, ec)) return candidate.string();
        }
    return spec;
}

std::vector<std::string> shipped_names(const std::string& kind) {
    std::set<std::string> names;
    std::error_code ec;
    for (const fs::path& folder : kind_folders(kind))
        for (auto it = fs::directory_iterator(folder, ec); !ec && it != fs::directory_iterator(); it.increment(ec))
            if (it->path().extension() == ".txt" && it->is_regular_file(ec)) names.insert(it->path().stem().string());
    return {names.begin(), names.end()};
}

std::string searched_text(const std::string& kind) {
    std::string folders, names;
    for (const fs::path& folder : kind_folders(kind)) folders += (folders.empty() ? "" : ", ") + folder.string();
    for (const std::string& name : shipped_names(kind)) names += (names.empty() ? "" : ", ") + name;
    return "shipped " + kind + ": " + (names.empty() ? "none found" : names) + " (looked in " + folders + ")";
}

std::string data_folder(const std::string& name) {
    std::error_code ec;
    if (fs::is_directory(name, ec) || fs::path(name).is_absolute()) return name;
    for (const Root& root : program_roots())
        if (fs::is_directory(root.path / name, ec)) return (root.path / name).string();
    return name;
}

std::string data_job(const std::string& path) {
    std::error_code ec;
    const fs::path given(path);
    if (fs::exists(given, ec) || given.is_absolute() || given.begin() == given.end() || *given.begin() != "jobs") return path;
    const fs::path shipped = fs::path(data_folder("jobs")) / given.lexically_relative("jobs");
    return fs::is_regular_file(shipped, ec) ? shipped.string() : path;
}

}  // namespace xcount::cli
