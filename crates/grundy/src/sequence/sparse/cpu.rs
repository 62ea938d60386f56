//! The processor check of the sparse engine's vector kernels, in a room of its own: the record
//! path (`record.rs`) and the general path (`marking.rs`) both ask it, and neither needs the
//! other for it.

/// Whether this processor runs the record path: AVX-512 F, BW and VL, with VBMI (byte
/// permutes), VBMI2 (byte and word compression) and BITALG (bit lookups). Asked once.
pub(crate) fn available() -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        use std::sync::OnceLock;
        static AVAILABLE: OnceLock<bool> = OnceLock::new();
        *AVAILABLE.get_or_init(|| {
            std::is_x86_feature_detected!("avx512f")
                && std::is_x86_feature_detected!("avx512bw")
                && std::is_x86_feature_detected!("avx512vl")
                && std::is_x86_feature_detected!("avx512vbmi")
                && std::is_x86_feature_detected!("avx512vbmi2")
                && std::is_x86_feature_detected!("avx512bitalg")
                && std::is_x86_feature_detected!("popcnt")
        })
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        false
    }
}
