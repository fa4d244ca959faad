//! Vector ALU models, per lane (Vega manual, sections "VOP2 Instructions", "VOP1
//! Instructions", "VOPC Instructions", "VOP3A & VOP3B Instructions").

pub mod vfloat;
pub mod vop1;
pub mod vop2;
pub mod vop3i;
pub mod vopc;
pub mod vopcf;
// Third round (A): dot products, fminmax family, VOP1 float rows.
pub mod vcvt;
pub mod vdot;
pub mod vmad;
pub mod vminmax;
pub mod vround;
// Third round (B): transcendentals, VOP3 float specials, packed math.
pub mod trans;
pub mod vop3f;
pub mod vpacked;
// The masked and quad-byte SADs (note 0037).
pub mod vqsad;
// Fourth round: MI100's AccVGPR moves.
pub mod vmai;
// Fifth round: MIX, the f16 dot products with an f32 sum, TRIG_PREOP.
pub mod vmix;
pub mod vtrig;
