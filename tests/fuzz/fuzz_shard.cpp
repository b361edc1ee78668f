// Fuzz target: shard result files and the --shard I/K syntax. A shard that reads holds as
// many Fix(g) counts as group elements, and ids inside its subproblem range.
#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>

#include "fuzz_files.hpp"
#include "xcount/error.hpp"
#include "xcount/shard.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace xcount;
    const std::string text(reinterpret_cast<const char*>(data), size);
    try {
        const auto [index, count] = parse_shard(text);
        if (count == 0 || index >= count) throw std::logic_error("parse_shard accepted a bad shard");
    } catch (const InputError&) {
    }
    const fuzz::TempFile file(data, size, ".shard");
    try {
        const ShardResult shard = read_shard(file.path());
        if (shard.fixed.size() != shard.element_names.size()) throw std::logic_error("Fix(g) counts do not match the group");
        for (std::size_t id : shard.ids)
            if (id >= shard.subproblems) throw std::logic_error("a shard id beyond the subproblems");
    } catch (const InputError&) {
    }
    return 0;
}
