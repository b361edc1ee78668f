#include "xcount/shard.hpp"

#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <limits>
#include <sstream>

#include "xcount/hash.hpp"
#include "xcount/text_file.hpp"

namespace xcount {

namespace {

constexpr const char* kMagic = "xcount-shard 1";

// A name on one line of its own, whatever it holds: backslash, control bytes (a newline in a
// file name) and the list's separators ';' and '=' as \xHH.
std::string escaped(const std::string& name) {
    std::string out;
    for (const char c : name) {
        const auto byte = static_cast<unsigned char>(c);
        if (byte < 0x20 || byte == 0x7f || c == '\\' || c == ';' || c == '=') {
            char hex[5];
            std::snprintf(hex, sizeof hex, "\\x%02x", byte);
            out += hex;
        } else {
            out += c;
        }
    }
    return out;
}

std::string unescaped(const std::string& text, const std::string& path) {
    std::string out;
    for (std::size_t k = 0; k < text.size(); ++k) {
        if (text[k] != '\\') {
            out += text[k];
            continue;
        }
        const auto hex = [&](std::size_t at) { return at < text.size() && std::isxdigit(static_cast<unsigned char>(text[at])); };
        if (k + 1 >= text.size() || text[k + 1] != 'x' || !hex(k + 2) || !hex(k + 3)) throw InputError(path + ": a bad escape in a name");
        const auto byte = std::stoi(text.substr(k + 2, 2), nullptr, 16);
        out += static_cast<char>(byte);
        k += 3;
    }
    return out;
}

std::string fixed_text(const ShardResult& s) {
    if (s.fixed.empty()) return "-";
    std::string text;
    for (std::size_t k = 0; k < s.fixed.size(); ++k) text += (k ? ";" : "") + escaped(s.element_names[k]) + "=" + to_string(s.fixed[k]);
    return text;
}

std::string body_of(const ShardResult& s) {
    char seconds[32];
    std::snprintf(seconds, sizeof seconds, "%.6f", s.seconds);
    std::string ids = std::to_string(s.ids.size());
    for (std::size_t id : s.ids) ids += " " + std::to_string(id);
    return std::string(kMagic) + "\nfingerprint " + s.fingerprint + "\ndepth " + std::to_string(s.depth) + "\nsubproblems " +
           std::to_string(s.subproblems) + "\nshard " + std::to_string(s.index) + "/" + std::to_string(s.count) + "\nproblem " +
           escaped(s.problem) + "\nsolutions " + to_string(s.total.solutions) + "\nupdates " + std::to_string(s.total.updates) +
           "\nnodes " + std::to_string(s.total.nodes) + "\nseconds " + seconds + "\novercount " + to_string(s.overcount) + "\nfixed " +
           fixed_text(s) + "\nids " + ids + "\n";
}

// One "key value" line; InputError naming the file when the key is not the expected one.
std::string field(std::istream& in, const std::string& key, const std::string& path) {
    std::string line;
    if (!std::getline(in, line) || line.rfind(key + " ", 0) != 0)
        throw InputError(path + ": not a whole xcount shard file (expected '" + key + "')");
    return line.substr(key.size() + 1);
}

Count count_field(std::istream& in, const std::string& key, const std::string& path) {
    const auto value = parse_count(field(in, key, path));
    if (!value) throw InputError(path + ": '" + key + "' is not a count");
    return *value;
}

std::uint64_t word_field(std::istream& in, const std::string& key, const std::string& path) {
    const auto value = count_field(in, key, path).to_u64();
    if (!value) throw InputError(path + ": '" + key + "' is out of range");
    return *value;
}

}  // namespace

std::string shard_text(std::size_t index, std::size_t count) { return std::to_string(index) + "/" + std::to_string(count); }

std::pair<std::size_t, std::size_t> parse_shard(const std::string& text) {
    const auto slash = text.find('/');
    const auto i = parse_count(text.substr(0, slash)), k = slash == std::string::npos ? std::nullopt : parse_count(text.substr(slash + 1));
    if (!i || !k || *k == 0 || *i >= *k || *k > 1000000)
        throw InputError("--shard must be I/K with 0 <= I < K (such as 3/16), not " + quote_name(text));
    return {static_cast<std::size_t>(*i->to_u64()), static_cast<std::size_t>(*k->to_u64())};
}

void write_shard(const std::string& path, const ShardResult& shard) {
    const std::string body = body_of(shard);
    write_text_file(path, body + "check " + Hash64().add(body).hex() + "\n");
}

ShardResult read_shard(const std::string& path) {
    const std::string text = read_text_file(path, "shard file");
    const auto check_line = text.rfind("\ncheck ");
    const auto check_at = check_line == std::string::npos ? check_line : check_line + 1;
    if (text.rfind(kMagic, 0) != 0) throw InputError(path + ": not an xcount shard file");
    if (check_at == std::string::npos || text.substr(check_at + 6) != Hash64().add(text.substr(0, check_at)).hex() + "\n")
        throw InputError(path + ": damaged or edited shard file (its check does not match)");
    std::istringstream in(text.substr(0, check_at));
    std::string line;
    std::getline(in, line);
    ShardResult s;
    s.fingerprint = field(in, "fingerprint", path);
    const std::uint64_t depth = word_field(in, "depth", path);
    if (depth > static_cast<std::uint64_t>(std::numeric_limits<int>::max())) throw InputError(path + ": 'depth' is out of range");
    s.depth = static_cast<int>(depth);
    s.subproblems = static_cast<std::size_t>(word_field(in, "subproblems", path));
    std::tie(s.index, s.count) = parse_shard(field(in, "shard", path));
    s.problem = unescaped(field(in, "problem", path), path);
    s.total.solutions = count_field(in, "solutions", path);
    s.total.updates = word_field(in, "updates", path);
    s.total.nodes = word_field(in, "nodes", path);
    const std::string seconds = field(in, "seconds", path);
    char* end = nullptr;
    s.seconds = std::strtod(seconds.c_str(), &end);
    if (seconds.empty() || *end != '\0' || !(s.seconds >= 0)) throw InputError(path + ": 'seconds' is not a number of seconds");
    s.overcount = count_field(in, "overcount", path);
    if (s.overcount == 0) throw InputError(path + ": overcount 0");
    const std::string fixed = field(in, "fixed", path);
    if (fixed != "-") {
        std::istringstream parts(fixed);
        while (std::getline(parts, line, ';')) {
            const auto eq = line.rfind('=');
            const auto value = eq == std::string::npos ? std::nullopt : parse_count(line.substr(eq + 1));
            if (!value) throw InputError(path + ": 'fixed' is not a list of name=count");
            s.element_names.push_back(unescaped(line.substr(0, eq), path));
            s.fixed.push_back(*value);
        }
    }
    std::istringstream ids(field(in, "ids", path));
    std::size_t n = 0;
    if (!(ids >> n) || n > s.subproblems) throw InputError(path + ": bad subproblem id list");
    s.ids.resize(n);
    for (std::size_t& id : s.ids)
        if (!(ids >> id) || id >= s.subproblems) throw InputError(path + ": bad subproblem id list");
    std::string rest;
    if (ids >> rest) throw InputError(path + ": bad subproblem id list (more ids than it says)");
    if (std::getline(in, line)) throw InputError(path + ": not an xcount shard file (a line after 'ids')");
    return s;
}

ShardResult merge_shards(const std::vector<std::string>& paths) {
    if (paths.empty()) throw InputError("merge: no shard files given");
    std::vector<ShardResult> shards;
    for (const std::string& path : paths) shards.push_back(read_shard(path));
    const ShardResult& first = shards.front();
    ShardResult total = first;
    total.total = {};
    total.seconds = 0;
    total.fixed.assign(first.fixed.size(), 0);
    total.ids.clear();
    std::vector<std::string> owner(first.count);
    std::vector<char> covered(first.subproblems, 0);
    for (std::size_t k = 0; k < shards.size(); ++k) {
        const ShardResult& s = shards[k];
        const std::string& path = paths[k];
        if (s.fingerprint != first.fingerprint || s.depth != first.depth || s.subproblems != first.subproblems ||
            s.element_names != first.element_names || s.overcount != first.overcount)
            throw InputError(path + ": a shard of another run (fingerprint, depth or mode differ from " + paths[0] + ")");
        if (s.count != first.count)
            throw InputError(path + ": a shard of " + std::to_string(s.count) + ", not of " + std::to_string(first.count) + " (" +
                             paths[0] + ")");
        if (!owner[s.index].empty())
            throw InputError(path + ": shard " + std::to_string(s.index) + " given twice (also " + owner[s.index] + ")");
        owner[s.index] = path;
        std::size_t expected = 0;
        for (std::size_t id = s.index; id < s.subproblems; id += s.count) ++expected;
        if (s.ids.size() != expected)
            throw InputError(path + ": incomplete shard (" + std::to_string(s.ids.size()) + " of its " + std::to_string(expected) +
                             " subproblems)");
        for (std::size_t id : s.ids) {
            if (id % s.count != s.index || covered[id])
                throw InputError(path + ": subproblem " + std::to_string(id) + " is not its own or counted twice");
            covered[id] = 1;
        }
        total.total += s.total;
        total.seconds += s.seconds;
        for (std::size_t g = 0; g < s.fixed.size(); ++g) total.fixed[g] += s.fixed[g];
    }
    for (std::size_t i = 0; i < first.count; ++i)
        if (owner[i].empty()) throw InputError("merge: shard " + std::to_string(i) + "/" + std::to_string(first.count) + " is missing");
    total.index = 0;
    return total;
}

}  // namespace xcount
