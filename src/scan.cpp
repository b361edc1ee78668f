#include "xcount/scan.hpp"

#include <algorithm>
#include <stdexcept>
#include <string>

#include "xcount/error.hpp"
#include "xcount/hash.hpp"

namespace xcount {

template <std::size_t Words>
ScanOf<Words>::ScanOf(const Matrix& matrix) {
    if (!fits(matrix))
        throw InputError("the scan engine takes up to " + std::to_string(kMaxItems) + " items; this matrix has " +
                         std::to_string(matrix.item_count()) + " (use --engine dlx or cells)");
    bit_of_item_.assign(matrix.item_count(), 0);
    Id next = 0;
    for (ItemId item : matrix.scan_order()) bit_of_item_[static_cast<std::size_t>(item)] = next++;
    primary_ = next;
    for (std::size_t i = 0; i < matrix.item_count(); ++i)
        if (!matrix.is_primary(static_cast<ItemId>(i))) bit_of_item_[i] = next++;
    for (Id b = 0; b < primary_; ++b) primary_mask_.set(b);

    const std::size_t n = matrix.option_count();
    masks_.resize(n);
    std::vector<Id> lead(n, 0);
    for (std::size_t o = 0; o < n; ++o) {
        Id lowest = ~Id{0};
        for (ItemId item : matrix.option(static_cast<OptionId>(o))) {
            const Id bit = bit_of_item_[static_cast<std::size_t>(item)];
            masks_[o].set(bit);
            if (bit < primary_) lowest = std::min(lowest, bit);
        }
        lead[o] = lowest;
    }
    // Both lists in option order (a CSR table each): the order every engine tries them in.
    auto fill = [&](Lists& lists, auto&& bits_of) {
        lists.begin.assign(primary_ + 1, 0);
        for (std::size_t o = 0; o < n; ++o) bits_of(o, [&](Id bit) { ++lists.begin[bit + 1]; });
        for (std::size_t b = 1; b <= primary_; ++b) lists.begin[b] += lists.begin[b - 1];
        std::vector<std::uint32_t> at(lists.begin.begin(), lists.begin.end() - 1);
        lists.mask.resize(lists.begin[primary_]);
        lists.id.resize(lists.begin[primary_]);
        for (std::size_t o = 0; o < n; ++o)
            bits_of(o, [&](Id bit) {
                lists.mask[at[bit]] = masks_[o];
                lists.id[at[bit]++] = static_cast<Id>(o);
            });
    };
    fill(led_, [&](std::size_t o, auto&& add) { add(lead[o]); });
    fill(holding_, [&](std::size_t o, auto&& add) {
        for (ItemId item : matrix.option(static_cast<OptionId>(o)))
            if (bit_of_item_[static_cast<std::size_t>(item)] < primary_) add(bit_of_item_[static_cast<std::size_t>(item)]);
    });
    const std::size_t levels = primary_ + 2;
    levels_.assign(levels, Level{});
    lists_.assign(levels, &led_);
    chosen_.assign(levels, 0);
    solution_.reserve(levels);
}

template <std::size_t Words>
void ScanOf<Words>::set_choice(Choice choice) {
    if (choice.rule != ChooseRule::scan)
        throw InputError("the scan engine branches on the first open item in the scan order only (--choose scan), not by another rule");
}

template <std::size_t Words>
SearchStats ScanOf<Words>::count(const Limits& limits) {
    detail::CountPolicy policy;
    return walk(policy, limits);
}

template <std::size_t Words>
void ScanOf<Words>::push(OptionId option) {
    const int level = depth_;
    const auto l = static_cast<std::size_t>(level);
    const std::string where = "prefix level " + std::to_string(level) + ": option " + std::to_string(option);
    if (option < 0 || static_cast<std::size_t>(option) >= masks_.size()) throw InputError(where + " does not exist");
    if (levels_[l].covered.covers(primary_mask_)) throw InputError(where + ": the search has already found a solution here");
    const Id bit = choose_at(level);
    const auto o = static_cast<Id>(option);
    if (!masks_[o].has(bit)) throw InputError(where + " does not hold the item the search chooses there");
    if (masks_[o].meets(levels_[l].covered)) throw InputError(where + " conflicts with an earlier choice");
    open(level, bit);
    // The walk's place in the list, so that a walk resumed below can back up through it.
    const Lists& lists = *lists_[l];
    const auto found = std::find(lists.id.begin() + levels_[l].next, lists.id.begin() + levels_[l].last, o);
    levels_[l].next = static_cast<std::uint32_t>(found - lists.id.begin()) + 1;
    chosen_[l] = o;
    levels_[l + 1].covered = levels_[l].covered | masks_[o];
    ++depth_;
}

template <std::size_t Words>
void ScanOf<Words>::replay(std::span<const OptionId> prefix) {
    for (OptionId option : prefix) push(option);
}

template <std::size_t Words>
void ScanOf<Words>::set_forced_items(std::span<const ItemId> items, std::span<const char> second_below) {
    if (depth_ != 0) throw std::logic_error("ScanOf::set_forced_items: only at the root");
    second_below_.assign(second_below.begin(), second_below.end());
    forced_.clear();
    for (ItemId item : items) {
        if (item < 0 || static_cast<std::size_t>(item) >= bit_of_item_.size() || bit_of_item_[static_cast<std::size_t>(item)] >= primary_)
            throw std::logic_error("ScanOf::set_forced_items: not a primary item");
        forced_.push_back(bit_of_item_[static_cast<std::size_t>(item)]);
    }
}

template <std::size_t Words>
std::uint64_t ScanOf<Words>::checksum() const {
    Hash64 h;
    for (int k = 0; k <= depth_; ++k) {
        const Level& at = levels_[static_cast<std::size_t>(k)];
        for (std::uint64_t word : at.covered.word) h.add(word);
        if (k < depth_) h.add(std::uint64_t{chosen_[static_cast<std::size_t>(k)]}).add(std::uint64_t{at.next});
    }
    h.add(static_cast<std::uint64_t>(depth_));
    return h.value();
}

template <std::size_t Words>
std::size_t ScanOf<Words>::memory_bytes() const {
    const auto lists = [](const Lists& l) { return l.begin.capacity() * 4 + l.mask.capacity() * sizeof(Mask) + l.id.capacity() * sizeof(Id); };
    return masks_.capacity() * sizeof(Mask) + lists(led_) + lists(holding_) + bit_of_item_.capacity() * sizeof(Id) +
           levels_.capacity() * sizeof(Level) + lists_.capacity() * sizeof(void*) + chosen_.capacity() * sizeof(Id);
}

template class ScanOf<2>;
template class ScanOf<4>;

}  // namespace xcount
