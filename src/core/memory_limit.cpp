#include "xcount/memory_limit.hpp"

#include <sys/resource.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>

namespace xcount {

namespace {

void lower_to(MemoryLimit& limit, std::uint64_t bytes, const char* source) {
    if (bytes < limit.bytes) limit = {bytes, source};
}

std::uint64_t physical_memory() {
    const long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGESIZE);
    if (pages <= 0 || page <= 0) return std::uint64_t{8} << 30;
    return static_cast<std::uint64_t>(pages) * static_cast<std::uint64_t>(page);
}

// The field of /proc/self/statm (in pages) as bytes: 0 the address space's size, 5 the data.
std::uint64_t statm_bytes(int field) {
    std::ifstream in("/proc/self/statm");
    std::uint64_t value = 0;
    for (int k = 0; k <= field && in >> value; ++k) {
    }
    return in ? value * static_cast<std::uint64_t>(sysconf(_SC_PAGESIZE)) : 0;
}

// A resource limit, less what the process uses of it already.
void lower_to_rlimit(MemoryLimit& limit, int resource, int statm_field, const char* source) {
    rlimit r{};
    if (getrlimit(resource, &r) != 0 || r.rlim_cur == RLIM_INFINITY) return;
    const std::uint64_t used = statm_bytes(statm_field), cap = r.rlim_cur;
    lower_to(limit, cap > used ? cap - used : 0, source);
}

// A number of bytes from a cgroup file ("max" and unreadable files: no limit).
std::uint64_t cgroup_value(const std::filesystem::path& file) {
    std::ifstream in(file);
    std::uint64_t value = 0;
    return in >> value ? value : UINT64_MAX;
}

// cgroup v2 ("0::/path") and v1 ("N:memory:/path"): the least limit on the way to the root.
void lower_to_cgroup(MemoryLimit& limit) {
    std::ifstream in("/proc/self/cgroup");
    std::string line;
    while (std::getline(in, line)) {
        const std::size_t first = line.find(':'), second = line.find(':', first + 1);
        if (first == std::string::npos || second == std::string::npos) continue;
        const std::string controllers = line.substr(first + 1, second - first - 1);
        std::filesystem::path group = line.substr(second + 1);
        const bool v2 = controllers.empty();
        if (!v2 && controllers.find("memory") == std::string::npos) continue;
        const std::filesystem::path root = v2 ? "/sys/fs/cgroup" : "/sys/fs/cgroup/memory";
        const char* file = v2 ? "memory.max" : "memory.limit_in_bytes";
        for (;;) {
            lower_to(limit, cgroup_value(root / group.relative_path() / file),
                     v2 ? "the cgroup's memory.max" : "the cgroup's memory limit");
            if (group == group.root_path() || group.empty()) break;
            group = group.parent_path();
        }
    }
}

}  // namespace

MemoryLimit usable_memory() {
    MemoryLimit limit{physical_memory(), "the physical memory"};
    lower_to_rlimit(limit, RLIMIT_AS, 0, "ulimit -v");
    lower_to_rlimit(limit, RLIMIT_DATA, 5, "ulimit -d");
    lower_to_cgroup(limit);
    return limit;
}

}  // namespace xcount
