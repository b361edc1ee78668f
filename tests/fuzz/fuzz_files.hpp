// tests/fuzz/fuzz_files.hpp: the fuzzed bytes as a file, for readers that take a path.
#pragma once

#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <string>

namespace xcount::fuzz {

// A file holding the input, removed when this goes out of scope; one per process.
class TempFile {
public:
    TempFile(const std::uint8_t* data, std::size_t size, const char* suffix)
        : path_("/tmp/xcount-fuzz-" + std::to_string(getpid()) + suffix) {
        if (std::FILE* f = std::fopen(path_.c_str(), "wb")) {
            if (size > 0) std::fwrite(data, 1, size, f);
            std::fclose(f);
        }
    }
    ~TempFile() { std::remove(path_.c_str()); }
    TempFile(const TempFile&) = delete;
    TempFile& operator=(const TempFile&) = delete;
    const std::string& path() const { return path_; }

private:
    std::string path_;
};

}  // namespace xcount::fuzz
