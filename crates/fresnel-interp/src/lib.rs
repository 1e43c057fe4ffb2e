//! A CPU interpreter for Fresnel's IR.
