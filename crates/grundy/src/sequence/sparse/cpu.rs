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

/// Whether `pdep` is fast here (one instruction of a few cycles), asked once: AMD's processors
/// before Zen 3 (family 0x19) and Hygon's run it in microcode, tens to hundreds of cycles by
/// the bits of its mask, which makes the kernels that gather values by number slower than
/// those that do without it. Every other processor with BMI2 runs it in hardware.
pub(crate) fn fast_pdep() -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        use std::sync::OnceLock;
        static FAST: OnceLock<bool> = OnceLock::new();
        *FAST.get_or_init(|| {
            if !std::is_x86_feature_detected!("bmi2") {
                return false;
            }
            // SAFETY: `cpuid` exists on every x86_64 processor, and leaves 0 and 1 always do.
            // (The intrinsic is a safe function in recent Rust, unsafe in older.)
            #[allow(unused_unsafe)]
            let (leaf0, leaf1) =
                unsafe { (std::arch::x86_64::__cpuid(0), std::arch::x86_64::__cpuid(1)) };
            let mut vendor = [0u8; 12];
            vendor[..4].copy_from_slice(&leaf0.ebx.to_le_bytes());
            vendor[4..8].copy_from_slice(&leaf0.edx.to_le_bytes());
            vendor[8..].copy_from_slice(&leaf0.ecx.to_le_bytes());
            let signature = leaf1.eax;
            pdep_in_hardware(&vendor, signature)
        })
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        false
    }
}

/// Whether a processor of this vendor (`cpuid` leaf 0's twelve bytes) and signature (leaf 1's
/// `eax`) runs `pdep` in hardware: all but AMD's and Hygon's before family 0x19.
fn pdep_in_hardware(vendor: &[u8; 12], signature: u32) -> bool {
    let base = (signature >> 8) & 0xF;
    let family = if base == 0xF { base + ((signature >> 20) & 0xFF) } else { base };
    let microcoded = matches!(vendor, b"AuthenticAMD" | b"HygonGenuine") && family < 0x19;
    !microcoded
}

#[cfg(test)]
mod tests {
    use super::pdep_in_hardware;

    /// `cpuid` leaf 1 `eax` of a processor: stepping 0, the family split as the manuals say.
    fn signature(family: u32, model: u32) -> u32 {
        let (base, extended) = if family >= 0xF { (0xF, family - 0xF) } else { (family, 0) };
        (extended << 20) | ((model >> 4) << 16) | (base << 8) | ((model & 0xF) << 4)
    }

    #[test]
    fn pdep_is_microcoded_on_amd_before_zen_3_only() {
        // Zen and Zen 2 (family 0x17), Hygon Dhyana (0x18), Excavator (0x15): microcode.
        assert!(!pdep_in_hardware(b"AuthenticAMD", signature(0x17, 0x31)));
        assert!(!pdep_in_hardware(b"AuthenticAMD", signature(0x15, 0x60)));
        assert!(!pdep_in_hardware(b"HygonGenuine", signature(0x18, 0x00)));
        // Zen 3 and 4 (0x19), Zen 5 (0x1A), and Intel (family 6, Haswell on): hardware.
        assert!(pdep_in_hardware(b"AuthenticAMD", signature(0x19, 0x01)));
        assert!(pdep_in_hardware(b"AuthenticAMD", signature(0x1A, 0x02)));
        assert!(pdep_in_hardware(b"GenuineIntel", signature(0x06, 0x55)));
    }
}
