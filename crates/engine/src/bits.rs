//! Bit masks as sets of small indices (seats, territories, areas).

/// The indices of the set bits of `mask` (any unsigned width up to 128), lowest first.
#[inline]
pub fn ones(mask: impl Into<u128>) -> impl Iterator<Item = usize> + Clone {
    let mut bits: u128 = mask.into();
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
        assert_eq!(super::ones(0b1010_0110u8).collect::<Vec<_>>(), [1, 2, 5, 7]);
        assert_eq!(super::ones(0u8).count(), 0);
        assert_eq!(super::ones(1u128 << 100).collect::<Vec<_>>(), [100]);
        assert_eq!(super::ones(1u64 << 63).collect::<Vec<_>>(), [63]);
    }
}
