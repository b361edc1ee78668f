// xcount/memory_limit.hpp: how much memory this process may really use: the least of the
// machine's physical memory, what its address-space and data limits (ulimit -v, -d) leave, and
// its cgroup's memory limit (a container's, a Slurm job's). What the memo table's default and
// the bounds a user gives are measured against.
#pragma once

#include <cstdint>
#include <string>

namespace xcount {

struct MemoryLimit {
    std::uint64_t bytes = 0;
    std::string source;  // which limit it is: "the physical memory", "ulimit -v", "ulimit -d", "the cgroup's memory.max"
};

MemoryLimit usable_memory();

}  // namespace xcount
