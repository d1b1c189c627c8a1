# storm.sh: sourced by 52-irq-storm and the bench's run-irq-storm. The
# parts a storm runs on, one per irqchip driver of the board (and the
# pca953x family's two INT kinds, pcf857x's two widths), and its rates.
#
#   PART:BUS:HCHIP:GLINE:PIN:DRIVER
#
# BUS: the counters' bus (SPI: the bridge's SPI bus, in frames); HCHIP:
# the chip as the host's control names it; GLINE: its INT's line of the
# virtio-gpio controller on slot 14 (dts/interrupts*.dtsi); PIN: the
# input the host toggles, the line the guest requests. The guest's
# gpiochip: storm_gpiochip PART.
STORM_PARTS="pca9555:i2c13:13:20:0:3:gpio-pca953x
pcal9555a:i2c13:13:21:1:3:gpio-pca953x
pcf8574:i2c13:13:22:2:3:gpio-pcf857x
pcf8575:i2c13:13:23:3:11:gpio-pcf857x
max7321:i2c13:13:68:5:3:gpio-max732x
mcp23017:i2c12:12:24:13:3:pinctrl-mcp23s08
mcp23s17:spi7-28:mcp23s17@1:14:3:pinctrl-mcp23s08
sx1503:i2c12:12:20:15:3:pinctrl-sx150x
cy8c9520:i2c12:12:21:16:3:pinctrl-cy8c95x0
aw9523:i2c12:12:58:17:3:pinctrl-aw9523
adnp:i2c12:12:30:18:3:gpio-adnp"
# Not the pca953x parts without an irqchip.
#
# Rates of the square wave (Hz of the storm clock: src/board/stim.h in
# expander-models) and its periods: 2 * STORM_PERIODS edges each.
STORM_RATES=${STORM_RATES:-"1000 10000 50000"}
STORM_PERIODS=${STORM_PERIODS:-200}

# storm_fields ENTRY: sets sp (part), sb (bus), sh (host chip), sg
# (gline), sn (pin), sd (driver).
storm_fields() {
	local IFS=:
	set -- $1
	sp=$1 sb=$2
	case $3 in
	*@*) sh=$3; shift 3 ;;
	*) sh=$3:$4; shift 4 ;;
	esac
	sg=$1 sn=$2 sd=$3
}

# storm_gpiochip PART HCHIP: the guest's gpiochip of the part.
storm_gpiochip() {
	case $1 in
	mcp23s17) gpiochip_of i2c/spi@28 1 0 ;;
	*) gpiochip_at "$(i2c_bus "${2%%:*}")" "${2##*:}" ;;
	esac
}
