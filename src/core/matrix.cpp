#include "xcount/matrix.hpp"

#include <algorithm>
#include <limits>
#include <numeric>
#include <stdexcept>
#include <unordered_map>

#include "xcount/hash.hpp"

namespace xcount {

namespace {
// The dancer addresses items and nodes with int32; keep room for headers and spacers.
constexpr std::size_t kMaxNodes = std::numeric_limits<std::int32_t>::max() / 2;

// An option as its (item, colour) pairs, sorted: equal sets of items, equal keys.
using OptionKey = std::vector<std::pair<ItemId, ColourId>>;
struct OptionKeyHash {
    std::size_t operator()(const OptionKey& key) const {
        std::uint64_t h = key.size();
        for (const auto& [item, colour] : key) h = mix64(h ^ (static_cast<std::uint64_t>(item) << 32 | colour));
        return h;
    }
};

// The option's key with every item i replaced by image[i].
OptionKey key_of(const Matrix& matrix, OptionId option, const std::vector<ItemId>& image) {
    const auto items = matrix.option(option);
    const auto colours = matrix.option_colours(option);
    OptionKey key;
    for (std::size_t k = 0; k < items.size(); ++k)
        key.emplace_back(image[static_cast<std::size_t>(items[k])], colours.empty() ? 0 : colours[k]);
    std::sort(key.begin(), key.end());
    return key;
}

std::string option_text(const Matrix& matrix, OptionId option) {
    std::string text;
    for (std::size_t k = 0; k < matrix.option(option).size(); ++k) text += (k ? " " : "") + matrix.item_text(option, k);
    return text;
}

// At least two symbols, each with the same number of items, each item in one slot of one symbol.
void check_symbol_slots(const Matrix& matrix, const SymbolSet& symbols) {
    if (symbols.size() < 2) throw MatrixError("symbols: at least two are needed to rename", -1);
    std::vector<char> seen(matrix.item_count(), 0);
    for (const auto& items : symbols) {
        if (items.empty() || items.size() != symbols[0].size())
            throw MatrixError("symbols: every symbol needs the same number of items, at least one", -1);
        for (ItemId id : items) {
            if (id < 0 || static_cast<std::size_t>(id) >= matrix.item_count()) throw MatrixError("symbols: no such item", -1);
            if (seen[static_cast<std::size_t>(id)]++)
                throw MatrixError("symbols: item " + quote_name(matrix.item(id).name) + " is named twice", -1);
        }
    }
}

// Every renaming of the declared symbols maps the options, counted with their repeats, onto
// themselves. The exchange of symbols 0 and 1 and the cycle taking each symbol to the next
// generate every renaming, so checking those two is enough (two passes over the options).
void check_renamings(const Matrix& matrix, const SymbolSet& symbols) {
    for (std::size_t k = 1; k < symbols.size(); ++k)
        for (std::size_t j = 0; j < symbols[0].size(); ++j) {
            const ItemId a = symbols[0][j], b = symbols[k][j];
            if (matrix.is_primary(a) != matrix.is_primary(b) || !(matrix.item_bounds(a) == matrix.item_bounds(b)))
                throw MatrixError("symbols: items " + quote_name(matrix.item(a).name) + " and " + quote_name(matrix.item(b).name) +
                                      " take the same place in two symbols but differ in kind or multiplicity",
                                  -1);
        }
    std::vector<ItemId> identity(matrix.item_count());
    std::iota(identity.begin(), identity.end(), ItemId{0});
    std::unordered_map<OptionKey, std::uint32_t, OptionKeyHash> options;
    for (std::size_t o = 0; o < matrix.option_count(); ++o) ++options[key_of(matrix, static_cast<OptionId>(o), identity)];
    const auto check = [&](const std::vector<ItemId>& image, const std::string& renaming) {
        for (std::size_t o = 0; o < matrix.option_count(); ++o) {
            const auto id = static_cast<OptionId>(o);
            const auto seen = options.find(key_of(matrix, id, image));
            if (seen == options.end() || seen->second != options[key_of(matrix, id, identity)])
                throw MatrixError("symbols: " + renaming + " maps option " + std::to_string(o) + " (" + option_text(matrix, id) +
                                      ") onto no option of the matrix; they cannot be renamed",
                                  -1);
        }
    };
    const auto name = [&](std::size_t k) { return quote_name(matrix.item(symbols[k][0]).name); };
    std::vector<ItemId> exchange = identity, cycle = identity;
    for (std::size_t j = 0; j < symbols[0].size(); ++j) {
        exchange[static_cast<std::size_t>(symbols[0][j])] = symbols[1][j];
        exchange[static_cast<std::size_t>(symbols[1][j])] = symbols[0][j];
        for (std::size_t k = 0; k < symbols.size(); ++k)
            cycle[static_cast<std::size_t>(symbols[k][j])] = symbols[(k + 1) % symbols.size()][j];
    }
    check(exchange, "exchanging the symbols of items " + name(0) + " and " + name(1));
    if (symbols.size() > 2) check(cycle, "taking each symbol to the next (the item " + name(0) + " to " + name(1) + ", ...)");
}
}  // namespace

std::span<const ItemId> Matrix::option(OptionId id) const {
    const auto k = static_cast<std::size_t>(id);
    return {option_items_.data() + option_begin_[k], option_begin_[k + 1] - option_begin_[k]};
}

std::span<const ColourId> Matrix::option_colours(OptionId id) const {
    if (option_colours_.empty()) return {};
    const auto k = static_cast<std::size_t>(id);
    return {option_colours_.data() + option_begin_[k], option_begin_[k + 1] - option_begin_[k]};
}

std::string Matrix::item_text(OptionId option, std::size_t k) const {
    std::string text = item(this->option(option)[k]).name;
    const ColourId c = has_colours() ? option_colours(option)[k] : 0;
    if (c != 0) text += ":" + colour_name(c);
    return text;
}

std::optional<ItemId> Matrix::find_item(std::string_view name) const {
    auto it = index_.find(std::string(name));
    if (it == index_.end()) return std::nullopt;
    return it->second;
}

std::uint64_t Matrix::fingerprint() const {
    Hash64 h;
    h.add(std::uint64_t{items_.size()});
    for (const Item& item : items_) h.add(item.name).add(std::uint64_t{item.kind == Kind::primary ? 1u : 2u});
    h.add(std::uint64_t{option_count()});
    for (std::uint32_t begin : option_begin_) h.add(std::uint64_t{begin});
    for (ItemId id : option_items_) h.add(static_cast<std::uint64_t>(id));
    // Colours by name (their ids depend on the order they came in); a matrix without colours
    // keeps the fingerprint it always had.
    if (has_colours())
        for (ColourId c : option_colours_) h.add(colour_names_[c]);
    for (const Matrix::Bounds& b : bounds_) h.add(std::uint64_t{b.lo}).add(std::uint64_t{b.hi});
    return h.value();
}

void MatrixBuilder::set_bounds(ItemId id, std::uint32_t lo, std::uint32_t hi) {
    const Item& item = matrix_.item(id);
    if (item.kind != Kind::primary)
        throw MatrixError("item " + quote_name(item.name) + " is secondary: only a primary item takes a multiplicity", -1);
    if (hi == 0 || lo > hi)
        throw MatrixError("item " + quote_name(item.name) + ": a multiplicity lo:hi needs 0 <= lo <= hi and hi >= 1, not " +
                              std::to_string(lo) + ":" + std::to_string(hi),
                          -1);
    if (lo == 1 && hi == 1) return;
    if (matrix_.bounds_.empty()) matrix_.bounds_.resize(matrix_.item_count());
    matrix_.bounds_[static_cast<std::size_t>(id)] = {lo, hi};
}

ItemId MatrixBuilder::add_item(std::string name, Kind kind) {
    if (name.empty()) throw MatrixError("an item name is empty", -1);
    // Every matrix must be writable in DLX format, where these characters delimit names.
    if (name.find_first_of(" \t\n\r:|") != std::string::npos)
        throw MatrixError("item name " + quote_name(name) + " contains a blank, ':' or '|'", -1);
    if (matrix_.index_.count(name) != 0) throw MatrixError("duplicate item name " + quote_name(name), -1);
    if (matrix_.items_.size() >= kMaxNodes) throw MatrixError("too many items", -1);
    const auto id = static_cast<ItemId>(matrix_.items_.size());
    matrix_.index_.emplace(name, id);
    matrix_.items_.push_back({std::move(name), kind});
    if (!matrix_.bounds_.empty()) matrix_.bounds_.emplace_back();
    if (kind == Kind::primary) ++matrix_.primary_count_;
    seen_.push_back(0);
    return id;
}

std::optional<OptionId> MatrixBuilder::add_option(std::span<const ItemId> items, const std::string& where) {
    ++offered_;
    if (items.empty()) throw MatrixError("an option is empty", -1);
    const auto stamp = static_cast<std::uint32_t>(offered_);
    bool has_primary = false;
    for (std::size_t k = 0; k < items.size(); ++k) {
        const ItemId id = items[k];
        if (id < 0 || static_cast<std::size_t>(id) >= matrix_.items_.size())
            throw std::logic_error("MatrixBuilder::add_option: item id out of range");
        auto& seen = seen_[static_cast<std::size_t>(id)];
        if (seen == stamp)
            throw MatrixError("item " + quote_name(matrix_.item(id).name) + " appears twice in one option", static_cast<int>(k));
        seen = stamp;
        has_primary = has_primary || matrix_.is_primary(id);
    }
    if (!has_primary) {
        const std::string name = where.empty() ? "option " + std::to_string(offered_) : where;
        matrix_.warnings_.push_back(name + ": option has no primary item; dropped");
        return std::nullopt;
    }
    if (matrix_.option_items_.size() + items.size() + matrix_.option_count() + matrix_.items_.size() > kMaxNodes)
        throw MatrixError("matrix too big: more than " + std::to_string(kMaxNodes) + " nodes", -1);
    matrix_.option_items_.insert(matrix_.option_items_.end(), items.begin(), items.end());
    if (!matrix_.option_colours_.empty()) matrix_.option_colours_.resize(matrix_.option_items_.size(), 0);
    matrix_.option_begin_.push_back(static_cast<std::uint32_t>(matrix_.option_items_.size()));
    return static_cast<OptionId>(matrix_.option_count() - 1);
}

std::optional<OptionId> MatrixBuilder::add_option(std::span<const ItemId> items, std::span<const ColourId> colours,
                                                  const std::string& where) {
    if (colours.size() != items.size()) throw std::logic_error("MatrixBuilder::add_option: one colour per item");
    bool any = false;
    for (std::size_t k = 0; k < items.size(); ++k) {
        if (colours[k] == 0) continue;
        if (colours[k] >= matrix_.colour_names_.size()) throw std::logic_error("MatrixBuilder::add_option: colour id out of range");
        if (items[k] >= 0 && static_cast<std::size_t>(items[k]) < matrix_.items_.size() && matrix_.is_primary(items[k]))
            throw MatrixError("item " + quote_name(matrix_.item(items[k]).name) + " is primary: only a secondary item takes a colour",
                              static_cast<int>(k));
        any = true;
    }
    const std::size_t before = matrix_.option_items_.size();
    const auto id = add_option(items, where);
    if (!id) return id;
    if (any || !matrix_.option_colours_.empty()) {
        matrix_.option_colours_.resize(before, 0);
        matrix_.option_colours_.insert(matrix_.option_colours_.end(), colours.begin(), colours.end());
    }
    return id;
}

ColourId MatrixBuilder::colour(const std::string& name) {
    if (name.empty() || name.find_first_of(" \t\n\r:|") != std::string::npos)
        throw MatrixError("colour name " + quote_name(name) + " is empty or contains a blank, ':' or '|'", -1);
    const auto [at, added] = matrix_.colour_index_.emplace(name, static_cast<ColourId>(matrix_.colour_names_.size()));
    if (added) matrix_.colour_names_.push_back(name);
    return at->second;
}

void MatrixBuilder::set_scan_order(std::vector<ItemId> order) {
    std::vector<char> seen(matrix_.item_count(), 0);
    for (ItemId id : order) {
        if (id < 0 || static_cast<std::size_t>(id) >= matrix_.item_count() || !matrix_.is_primary(id))
            throw MatrixError("the scan order names an item that is not primary", -1);
        if (seen[static_cast<std::size_t>(id)]++)
            throw MatrixError("the scan order names item " + quote_name(matrix_.item(id).name) + " twice", -1);
    }
    if (order.size() != matrix_.primary_count()) throw MatrixError("the scan order leaves out primary items", -1);
    matrix_.scan_order_ = std::move(order);
}

void MatrixBuilder::add_symbols(SymbolSet symbols) {
    check_symbol_slots(matrix_, symbols);
    matrix_.symbol_sets_.push_back(std::move(symbols));
}

Matrix MatrixBuilder::build() && {
    if (matrix_.scan_order_.empty())  // none given (an empty one given is the same: no primary items)
        for (std::size_t i = 0; i < matrix_.item_count(); ++i)
            if (matrix_.is_primary(static_cast<ItemId>(i))) matrix_.scan_order_.push_back(static_cast<ItemId>(i));
    for (const SymbolSet& symbols : matrix_.symbol_sets_) check_renamings(matrix_, symbols);
    return std::move(matrix_);
}

std::vector<std::vector<ColourId>> colours_given(const Matrix& matrix) {
    std::vector<std::vector<ColourId>> given(matrix.item_count());
    if (!matrix.has_colours()) return given;
    for (std::size_t o = 0; o < matrix.option_count(); ++o) {
        const auto items = matrix.option(static_cast<OptionId>(o));
        const auto colours = matrix.option_colours(static_cast<OptionId>(o));
        for (std::size_t k = 0; k < colours.size(); ++k)
            if (colours[k] != 0) given[static_cast<std::size_t>(items[k])].push_back(colours[k]);
    }
    for (auto& c : given) {
        std::sort(c.begin(), c.end());
        c.erase(std::unique(c.begin(), c.end()), c.end());
    }
    return given;
}

std::size_t symbols_declared(const Matrix& matrix) {
    std::size_t symbols = 0;
    for (const SymbolSet& set : matrix.symbol_sets()) symbols += set.size();
    return symbols;
}

Matrix without_symbols(Matrix matrix) {
    matrix.symbol_sets_.clear();
    return matrix;
}

Matrix with_symbols(Matrix matrix, SymbolSet symbols) {
    check_symbol_slots(matrix, symbols);
    check_renamings(matrix, symbols);
    matrix.symbol_sets_.push_back(std::move(symbols));
    return matrix;
}

}  // namespace xcount
