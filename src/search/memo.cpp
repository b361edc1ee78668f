#include "xcount/memo.hpp"

#include <algorithm>
#include <map>
#include <string>

#include "xcount/error.hpp"
#include "xcount/hash.hpp"

namespace xcount {

MemoLayout::MemoLayout(const Matrix& matrix) : bit_of_item(matrix.item_count(), 0) {
    for (ItemId item : matrix.scan_order()) {
        bit_of_item[static_cast<std::size_t>(item)] = static_cast<std::uint32_t>(item_of_bit.size());
        item_of_bit.push_back(item);
    }
    primary = item_of_bit.size();
    // Per secondary item: its "held" bit, then one per colour any option gives it.
    std::vector<std::uint32_t> held(matrix.item_count(), 0);
    const std::vector<std::vector<ColourId>> given = colours_given(matrix);
    colour_bits.resize(matrix.item_count());
    std::uint32_t next = static_cast<std::uint32_t>(primary);
    for (std::size_t i = 0; i < matrix.item_count(); ++i) {
        if (matrix.is_primary(static_cast<ItemId>(i))) continue;
        held[i] = next++;
        for (ColourId colour : given[i]) colour_bits[i].emplace(colour, next++);
    }
    bits = next;
    held_bit = held;
    tests.resize(matrix.option_count());
    sets.resize(matrix.option_count());
    for (std::size_t o = 0; o < matrix.option_count(); ++o) {
        const auto items = matrix.option(static_cast<OptionId>(o));
        const auto colours = matrix.option_colours(static_cast<OptionId>(o));
        for (std::size_t k = 0; k < items.size(); ++k) {
            const auto i = static_cast<std::size_t>(items[k]);
            if (matrix.is_primary(items[k])) {
                tests[o].push_back(bit_of_item[i]);
                sets[o].push_back(bit_of_item[i]);
                continue;
            }
            const ColourId colour = colours.empty() ? 0 : colours[k];
            tests[o].push_back(colour == 0 ? held[i] : colour_bits[i].at(colour));
            sets[o].push_back(held[i]);
            for (const auto& [c, bit] : colour_bits[i])
                if (c != colour) sets[o].push_back(bit);
        }
    }
}

std::vector<std::uint32_t> MemoLayout::bits_of(const Matrix& matrix, ItemId item) const {
    const auto i = static_cast<std::size_t>(item);
    if (matrix.is_primary(item)) return {bit_of_item[i]};
    std::vector<std::uint32_t> bits_here{held_bit[i]};
    for (const auto& [colour, bit] : colour_bits[i]) bits_here.push_back(bit);
    return bits_here;
}

std::vector<std::vector<std::vector<std::uint32_t>>> MemoLayout::symbol_bits(const Matrix& matrix) const {
    std::vector<std::vector<std::vector<std::uint32_t>>> by_set;
    for (const SymbolSet& symbols : matrix.symbol_sets()) {
        auto& by_symbol = by_set.emplace_back();
        for (const auto& items : symbols) {
            auto& bits_here = by_symbol.emplace_back();
            for (ItemId item : items)
                for (std::uint32_t bit : bits_of(matrix, item)) bits_here.push_back(bit);
        }
    }
    return by_set;
}

std::size_t memo_bits(const Matrix& matrix) {
    std::size_t bits = matrix.item_count();
    for (const auto& colours : colours_given(matrix)) bits += colours.size();
    return bits;
}

namespace {

const Matrix& fitting(const Matrix& matrix, std::size_t max_bits) {
    const std::size_t bits = memo_bits(matrix);
    if (bits > max_bits)
        throw InputError("the memo engine keeps a state of up to " + std::to_string(max_bits) + " bits (an item each, and one per colour " +
                         "a secondary item takes); this matrix needs " + std::to_string(bits) + " (use another --engine)");
    return matrix;
}

}  // namespace

template <std::size_t Words>
MemoOf<Words>::MemoOf(const Matrix& matrix) : Skeleton(fitting(matrix, kMaxBits)) {
    const MemoLayout layout(matrix);
    symbol_form_ = SymbolForm<Words>(layout.symbol_bits(matrix));
    primary_ = layout.primary;
    bit_of_item_ = layout.bit_of_item;
    item_of_bit_ = layout.item_of_bit;
    for (std::uint32_t b = 0; b < primary_; ++b) primary_mask_.set(b);
    for (std::size_t i = 0; i < matrix.item_count(); ++i)
        if (matrix.is_primary(static_cast<ItemId>(i))) bits_by_id_.push_back(bit_of_item_[i]);

    const std::size_t n = matrix.option_count();
    tests_.resize(n);
    sets_.resize(n);
    std::vector<Id> lead(n, 0);
    for (std::size_t o = 0; o < n; ++o) {
        for (std::uint32_t bit : layout.tests[o]) tests_[o].set(bit);
        for (std::uint32_t bit : layout.sets[o]) sets_[o].set(bit);
        Id lowest = ~Id{0};
        for (std::uint32_t bit : layout.tests[o])
            if (bit < primary_) lowest = std::min(lowest, bit);
        lead[o] = lowest;
    }
    auto fill = [&](Lists& lists, auto&& bits_of) {
        lists.begin.assign(primary_ + 1, 0);
        for (std::size_t o = 0; o < n; ++o) bits_of(o, [&](Id bit) { ++lists.begin[bit + 1]; });
        for (std::size_t b = 1; b <= primary_; ++b) lists.begin[b] += lists.begin[b - 1];
        std::vector<std::uint32_t> place(lists.begin.begin(), lists.begin.end() - 1);
        const std::size_t entries = lists.begin[primary_];
        lists.test.resize(entries);
        lists.set.resize(entries);
        lists.id.resize(entries);
        for (std::size_t o = 0; o < n; ++o)
            bits_of(o, [&](Id bit) {
                const std::uint32_t k = place[bit]++;
                lists.test[k] = tests_[o];
                lists.set[k] = sets_[o];
                lists.id[k] = static_cast<Id>(o);
            });
    };
    fill(led_, [&](std::size_t o, auto&& add) { add(lead[o]); });
    fill(holding_, [&](std::size_t o, auto&& add) {
        for (std::uint32_t bit : layout.tests[o])
            if (bit < primary_) add(bit);
    });
    const std::size_t levels = primary_ + 2;
    levels_.assign(levels, Level{});
    chosen_.assign(levels, 0);
}

template <std::size_t Words>
std::uint64_t MemoOf<Words>::free_options(int level, Id bit) const {
    std::uint64_t free_ones = 0;
    for (std::uint32_t k = holding_.begin[bit]; k < holding_.begin[bit + 1]; ++k) free_ones += free(holding_.test[k], level);
    return free_ones;
}

// Fewest free options, ties to the lowest item id, the scan ending at none: the dancer's choice.
template <std::size_t Words>
typename MemoOf<Words>::Id MemoOf<Words>::choose_mrv(int level) const {
    Id best = 0;
    std::uint64_t least = ~std::uint64_t{0};
    for (Id bit : bits_by_id_) {
        if (!is_open(level, bit)) continue;
        const std::uint64_t options = free_options(level, bit);
        if (options < least) least = options, best = bit;
        if (least == 0) break;
    }
    return best;
}

template <std::size_t Words>
PushCost MemoOf<Words>::take(int level, OptionId option, Id bit) {
    const auto o = static_cast<Id>(option);
    const PushCost cost{open(level, bit), 0};
    Level& here = at(level);
    const Lists& lists = *here.lists;
    const auto found =
        static_cast<std::uint32_t>(std::find(lists.id.begin() + here.next, lists.id.begin() + here.last, o) - lists.id.begin());
    (reversed_ ? here.last : here.next) = reversed_ ? found : found + 1;  // where a resumed walk carries on
    chosen_[static_cast<std::size_t>(level)] = o;
    at(level + 1).covered = here.covered | sets_[o];
    return cost;
}

template <std::size_t Words>
bool MemoOf<Words>::primary_item(ItemId id, Id& bit) const {
    if (id < 0 || static_cast<std::size_t>(id) >= bit_of_item_.size()) return false;
    bit = bit_of_item_[static_cast<std::size_t>(id)];
    return bit < primary_ && item_of_bit_[bit] == id;
}

template <std::size_t Words>
std::uint64_t MemoOf<Words>::checksum() const {
    Hash64 h;
    for (int k = 0; k <= depth_; ++k) {
        const Level& here = levels_[static_cast<std::size_t>(k)];
        for (std::uint64_t word : here.covered.word) h.add(word);
        if (k < depth_)
            h.add(std::uint64_t{chosen_[static_cast<std::size_t>(k)]}).add(std::uint64_t{here.next}).add(std::uint64_t{here.last});
    }
    h.add(static_cast<std::uint64_t>(depth_));
    return h.value();
}

template <std::size_t Words>
std::size_t MemoOf<Words>::memory_bytes() const {
    const auto lists = [](const Lists& l) {
        return l.begin.capacity() * 4 + (l.test.capacity() + l.set.capacity()) * sizeof(Mask) + l.id.capacity() * sizeof(Id);
    };
    return (tests_.capacity() + sets_.capacity()) * sizeof(Mask) + lists(led_) + lists(holding_) +
           (bit_of_item_.capacity() + bits_by_id_.capacity() + chosen_.capacity()) * 4 + item_of_bit_.capacity() * sizeof(ItemId) +
           levels_.capacity() * sizeof(Level);
}

}  // namespace xcount

XCOUNT_MEMO_WIDTHS(XCOUNT_MEMO_INSTANCE)
