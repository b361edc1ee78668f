#include "xcount/dlx_format.hpp"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <istream>
#include <ostream>
#include <sstream>
#include <vector>

#include "xcount/text_file.hpp"

namespace xcount {

namespace {

struct Token {
    std::string text;
    long column;  // 1-based
};

bool is_blank(char c) { return c == ' ' || c == '\t'; }

constexpr std::string_view kByteOrderMark = "\xEF\xBB\xBF";

class DlxReader {
public:
    DlxReader(std::istream& in, const std::string& filename) : in_(in), file_(filename) {}

    Matrix read() {
        bool have_items = false;
        std::string line;
        while (next_line(line)) {
            const auto tokens = tokenize(line);
            if (const std::size_t start = symbols_start(tokens)) {
                if (!have_items) fail(tokens[0].column, "the symbols line names items: it comes after the item line");
                read_symbols(tokens, start);
                continue;
            }
            if (tokens.empty() || tokens.front().text.front() == '|') continue;  // blank or comment
            if (!have_items) {
                read_items(tokens);
                have_items = true;
            } else {
                read_option(tokens);
            }
        }
        if (in_.bad()) throw InputError(located(file_, 0, 0, "read error"));
        if (!have_items) throw InputError(located(file_, 0, 0, "no item line: the file has no items"));
        Matrix matrix = std::move(builder_).build();
        for (auto& [symbols, line] : symbol_sets_) try {
                matrix = with_symbols(std::move(matrix), std::move(symbols));
            } catch (const MatrixError& e) {
                throw InputError(located(file_, line, 1, e.what()));
            }
        return matrix;
    }

private:
    bool next_line(std::string& line) {
        if (!std::getline(in_, line)) return false;
        ++line_;
        if (line_ == 1 && line.starts_with(kByteOrderMark)) line.erase(0, kByteOrderMark.size());  // a UTF-8 file's, or stdin's
        if (!line.empty() && line.back() == '\r') line.pop_back();
        for (std::size_t k = 0; k < line.size(); ++k) {
            const auto c = static_cast<unsigned char>(line[k]);
            if ((c < 0x20 && c != '\t') || c == 0x7f)
                fail(static_cast<long>(k) + 1, "control character (byte " + std::to_string(c) + "): not a text file?");
        }
        return true;
    }

    // Splits at blanks; a bar on the item line is a token of its own even when it touches a name.
    std::vector<Token> tokenize(const std::string& line) const {
        std::vector<Token> tokens;
        std::size_t k = 0;
        while (k < line.size()) {
            if (is_blank(line[k])) {
                ++k;
                continue;
            }
            const std::size_t start = k;
            while (k < line.size() && !is_blank(line[k])) ++k;
            tokens.push_back({line.substr(start, k - start), static_cast<long>(start) + 1});
        }
        return tokens;
    }

    void read_items(const std::vector<Token>& tokens) {
        Kind kind = Kind::primary;
        bool bar_seen = false;
        for (const Token& token : tokens) {
            std::size_t k = 0;
            while (k < token.text.size()) {
                if (token.text[k] == '|') {
                    if (bar_seen) fail(token.column + static_cast<long>(k), "the item line has a second '|'");
                    bar_seen = true;
                    kind = Kind::secondary;
                    ++k;
                    continue;
                }
                const std::size_t start = k;
                while (k < token.text.size() && token.text[k] != '|') ++k;
                const std::string part = token.text.substr(start, k - start);
                // DLX3's multiplicity, "lo:hi|X" or "n|X": digits (and a colon) just before a bar
                // with a name after it.
                const bool named_after = k + 1 < token.text.size() && token.text[k + 1] != '|';
                if (bar_seen && named_after && is_multiplicity(part))
                    fail(token.column + static_cast<long>(start), quote_name(token.text) + ": only a primary item takes a multiplicity");
                if (!bar_seen && named_after && is_multiplicity(part)) {
                    const std::size_t name_start = k + 1;
                    std::size_t end = name_start;
                    while (end < token.text.size() && token.text[end] != '|') ++end;
                    add_item(token.text.substr(name_start, end - name_start), token.column + static_cast<long>(name_start), kind);
                    set_multiplicity(part, token.column + static_cast<long>(start));
                    k = end;
                    continue;
                }
                add_item(part, token.column + static_cast<long>(start), kind);
            }
        }
        if (primary_ == 0) fail(1, "no primary items: the item line must start with one");
    }

    // Digits, or digits:digits, of any length (one too long for a bound is refused, not read as a name).
    static bool is_multiplicity(const std::string& text) {
        const std::size_t colon = text.find(':');
        const auto digits = [](const std::string& t) {
            return !t.empty() && std::all_of(t.begin(), t.end(), [](char c) { return c >= '0' && c <= '9'; });
        };
        if (colon == std::string::npos) return digits(text);
        return digits(text.substr(0, colon)) && digits(text.substr(colon + 1));
    }

    // The item just added gets the bounds "lo:hi" or "n".
    void set_multiplicity(const std::string& text, long column) {
        constexpr std::size_t kMostDigits = 9;  // a bound below 10^9 fits the engines' 32-bit counters
        const std::size_t colon = text.find(':');
        const std::string lo_text = text.substr(0, colon), hi_text = colon == std::string::npos ? lo_text : text.substr(colon + 1);
        if (lo_text.size() > kMostDigits || hi_text.size() > kMostDigits)
            fail(column, "multiplicity " + quote_name(text) + " out of range: a bound is at most 999999999");
        const auto lo = static_cast<std::uint32_t>(std::stoul(lo_text));
        const auto hi = static_cast<std::uint32_t>(std::stoul(hi_text));
        try {
            builder_.set_bounds(static_cast<ItemId>(builder_.item_count() - 1), lo, hi);
        } catch (const MatrixError& e) {
            fail(column, e.what());
        }
    }

    void add_item(const std::string& name, long column, Kind kind) {
        if (name.find(':') != std::string::npos)
            fail(column, "item " + quote_name(name) + ": a multiplicity is written lo:hi|item, an item name has no ':'");
        if (builder_.find_item(name)) fail(column, "duplicate item name " + quote_name(name));
        builder_.add_item(name, kind);
        if (kind == Kind::primary) ++primary_;
    }

    // An option: item names, a secondary one perhaps with a colour (`X:red`, Knuth's DLX2).
    // A symbols line, "| symbols: a1 b1 / a2 b2 / a3 b3": a comment to Knuth's programs, a set
    // of symbols that can be renamed here (Matrix::symbol_sets), each one's items slot by slot;
    // each such line declares one set. Returns the index of its first item token, or 0 when the
    // line is not one.
    static std::size_t symbols_start(const std::vector<Token>& tokens) {
        if (tokens.size() >= 2 && tokens[0].text == "|" && tokens[1].text == "symbols:") return 2;
        if (!tokens.empty() && tokens[0].text == "|symbols:") return 1;
        return 0;
    }

    void read_symbols(const std::vector<Token>& tokens, std::size_t start) {
        SymbolSet symbols(1);
        for (std::size_t k = start; k < tokens.size(); ++k) {
            if (tokens[k].text == "/") {
                symbols.emplace_back();
                continue;
            }
            const auto id = builder_.find_item(tokens[k].text);
            if (!id) fail(tokens[k].column, "symbols: unknown item " + quote_name(tokens[k].text));
            symbols.back().push_back(*id);
        }
        symbol_sets_.emplace_back(std::move(symbols), line_);
    }

    void read_option(const std::vector<Token>& tokens) {
        option_.clear();
        colours_.clear();
        for (const Token& token : tokens) {
            const std::size_t colon = token.text.find(':');
            const std::string name = token.text.substr(0, colon);
            auto id = builder_.find_item(name);
            if (!id) fail(token.column, "unknown item " + quote_name(name));
            option_.push_back(*id);
            if (colon == std::string::npos) {
                colours_.push_back(0);
                continue;
            }
            const std::string colour = token.text.substr(colon + 1);
            if (colour.empty() || colour.find(':') != std::string::npos)
                fail(token.column + static_cast<long>(colon), quote_name(token.text) + ": a colour is written item:colour");
            try {
                colours_.push_back(builder_.colour(colour));
            } catch (const MatrixError& e) {
                fail(token.column + static_cast<long>(colon), e.what());
            }
        }
        try {
            builder_.add_option(option_, colours_, file_ + ":" + std::to_string(line_));
        } catch (const MatrixError& e) {
            const long column = e.position() >= 0 ? tokens[static_cast<std::size_t>(e.position())].column : 0;
            fail(column, e.what());
        }
    }

    [[noreturn]] void fail(long column, const std::string& reason) const { throw InputError(located(file_, line_, column, reason)); }

    std::istream& in_;
    std::string file_;
    long line_ = 0;
    std::vector<std::pair<SymbolSet, long>> symbol_sets_;  // each with the line that declares it
    std::size_t primary_ = 0;
    MatrixBuilder builder_;
    std::vector<ItemId> option_;
    std::vector<ColourId> colours_;
};

}  // namespace

Matrix read_dlx(std::istream& in, const std::string& filename) { return DlxReader(in, filename).read(); }

Matrix read_dlx_file(const std::string& path) {
    std::error_code ec;
    if (std::filesystem::is_directory(path, ec)) throw InputError(path + ": is a directory, not a DLX file");
    std::ifstream in = open_to_read(path, "cannot open file");
    return read_dlx(in, path);
}

void write_dlx(std::ostream& out, const Matrix& matrix, const std::string& comment) {
    if (!comment.empty()) {
        std::istringstream lines(comment);
        std::string line;
        while (std::getline(lines, line)) out << "| " << line << '\n';
    }
    // Primary items first: the format cannot express a secondary item before a primary one,
    // so ids are kept only when the matrix already lists its primary items first.
    bool first = true;
    for (Kind kind : {Kind::primary, Kind::secondary}) {
        if (kind == Kind::secondary && matrix.primary_count() != matrix.item_count()) out << " |";
        for (std::size_t i = 0; i < matrix.item_count(); ++i) {
            const Item& item = matrix.item(static_cast<ItemId>(i));
            if (item.kind != kind) continue;
            const Matrix::Bounds b = matrix.item_bounds(static_cast<ItemId>(i));
            const std::string bounds =
                b == Matrix::Bounds{} ? ""
                                      : (b.lo == b.hi ? std::to_string(b.hi) : std::to_string(b.lo) + ":" + std::to_string(b.hi)) + "|";
            out << (first ? "" : " ") << bounds << item.name;
            first = false;
        }
    }
    out << '\n';
    for (const SymbolSet& symbols : matrix.symbol_sets()) {
        out << "| symbols:";
        for (std::size_t k = 0; k < symbols.size(); ++k) {
            if (k > 0) out << " /";
            for (ItemId id : symbols[k]) out << ' ' << matrix.item(id).name;
        }
        out << '\n';
    }
    for (std::size_t k = 0; k < matrix.option_count(); ++k) {
        first = true;
        for (std::size_t j = 0; j < matrix.option(static_cast<OptionId>(k)).size(); ++j) {
            out << (first ? "" : " ") << matrix.item_text(static_cast<OptionId>(k), j);
            first = false;
        }
        out << '\n';
    }
}

}  // namespace xcount
