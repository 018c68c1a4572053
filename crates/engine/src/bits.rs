//! Bit masks as sets of small indices (seats, territories, areas).

/// The indices of the set bits of `mask`, lowest first.
#[inline]
pub fn ones(mask: u64) -> impl Iterator<Item = usize> + Clone {
    let mut bits = mask;
    std::iter::from_fn(move || {
        if bits == 0 {
            return None;
        }
        let i = bits.trailing_zeros() as usize;
        bits &= bits - 1;
        Some(i)
    })
}

#[cfg(test)]
mod tests {
    #[test]
    fn ones_lists_set_bits_in_order() {
        assert_eq!(super::ones(0b1010_0110).collect::<Vec<_>>(), [1, 2, 5, 7]);
        assert_eq!(super::ones(0).count(), 0);
        assert_eq!(super::ones(1 << 63).collect::<Vec<_>>(), [63]);
    }
}
