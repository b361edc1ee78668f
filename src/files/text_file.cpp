#include "xcount/text_file.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "xcount/error.hpp"

namespace xcount {

namespace {

constexpr std::string_view kByteOrderMark = "\xEF\xBB\xBF";

std::string reason() { return std::strerror(errno); }

}  // namespace

std::string read_text_file(const std::string& path, const std::string& what) {
    std::error_code ec;
    if (std::filesystem::is_directory(path, ec)) throw InputError(path + ": is a directory, not a " + what);
    std::ifstream in = open_to_read(path, "cannot open the " + what);
    std::ostringstream text;
    text << in.rdbuf();
    std::string bytes = text.str();
    if (bytes.starts_with(kByteOrderMark)) bytes.erase(0, kByteOrderMark.size());
    return bytes;
}

std::ifstream open_to_read(const std::string& path, const std::string& failure) {
    errno = 0;
    std::ifstream in(path, std::ios::binary);
    if (!in) throw InputError(path + ": " + failure + ": " + (errno != 0 ? reason() : "cannot be read"));
    return in;
}

bool write_all(int fd, std::string_view data) {
    while (!data.empty()) {
        const ssize_t n = ::write(fd, data.data(), data.size());
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) {
            if (n == 0) errno = EIO;
            return false;
        }
        data.remove_prefix(static_cast<std::size_t>(n));
    }
    return true;
}

void write_text_file(const std::string& path, std::string_view text) {
    const std::string temporary = path + ".part";
    const int fd = ::open(temporary.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    if (fd < 0) throw InputError(path + ": cannot open for writing: " + reason());
    const bool written = write_all(fd, text) && ::fsync(fd) == 0;
    const std::string why = written ? "" : reason();
    if (::close(fd) != 0 || !written) {
        const std::string message = path + ": cannot write: " + (written ? reason() : why);
        ::unlink(temporary.c_str());
        throw InputError(message);
    }
    if (std::rename(temporary.c_str(), path.c_str()) != 0) {
        const std::string message = path + ": cannot rename the finished file into place: " + reason();
        ::unlink(temporary.c_str());
        throw InputError(message);
    }
}

void check_output_path(const std::string& path, std::string_view magic, const std::string& what) {
    std::error_code ec;
    const auto status = std::filesystem::status(path, ec);
    if (std::filesystem::exists(status)) {
        if (!std::filesystem::is_regular_file(status)) throw InputError(path + ": not a regular file, so not a " + what);
        std::ifstream in(path, std::ios::binary);
        std::string start(magic.size(), '\0');
        in.read(start.data(), static_cast<std::streamsize>(start.size()));
        if (in.gcount() > 0 && start != magic)
            throw InputError(path + ": exists and is not an xcount " + what + "; not overwriting it (remove it or choose another path)");
    }
    const std::filesystem::path parent = std::filesystem::path(path).parent_path();
    const std::string folder = parent.empty() ? "." : parent.string();
    if (::access(folder.c_str(), W_OK | X_OK) != 0) throw InputError(path + ": cannot write the " + what + " there: " + reason());
}

}  // namespace xcount
